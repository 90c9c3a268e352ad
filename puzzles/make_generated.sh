# Sourced by the make_instances.sh of the families whose bundled instances `pzc generate`
# makes (aquarium, cave, creek, jigsaw, minesweeper, sudokux, tapa, yinyang), from the
# repository root, after setting DIR (the family's folder) and SPEC (its .pz file name).
# `make NAME [pzc generate options...]` writes DIR/NAME.pz: a first line with the command,
# then the one puzzle of `pzc generate DIR/SPEC options --count 1 --jobs 1` (the same pzc
# and options give the same file), its instance renamed NAME. A failing pzc stops the
# script (set -e) and leaves no file half written. PZC picks the binary (build/pzc).
PZC=${PZC:-build/pzc}
make() {
  name=$1
  shift
  "$PZC" generate "$DIR/$SPEC" "$@" --count 1 --jobs 1 > "$DIR/$name.tmp"
  {
    echo "-- pzc generate $DIR/$SPEC $* --count 1 --jobs 1"
    sed "s/^instance gen_s[0-9]*_1 of/instance $name of/" "$DIR/$name.tmp"
  } > "$DIR/$name.pz"
  rm "$DIR/$name.tmp"
}
