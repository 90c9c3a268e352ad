// pzc: the command-line driver. Everything happens in the libraries.
int main() { return 0; }
