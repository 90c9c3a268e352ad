#!/usr/bin/env python3
# The check behind slant.pz's "no loop" rule: on every filling of the grids 1x1 to 4x4,
# the open 3x3 pieces (with the ring outside the grid) are connected exactly when a
# union-find over the grid points finds no loop. Prints, per size: fillings, fillings with
# a loop, disagreements (expected 0). Usage: check_no_loop_encoding.py
import itertools


def has_loop(h,w,g):  # g[r][c] True='/'
    par=list(range((h+1)*(w+1)))
    def f(x):
        while par[x]!=x: par[x]=par[par[x]]; x=par[x]
        return x
    for r in range(h):
        for c in range(w):
            if g[r][c]: a,b=(r,c+1),(r+1,c)
            else: a,b=(r,c),(r+1,c+1)
            x,y=f(a[0]*(w+1)+a[1]),f(b[0]*(w+1)+b[1])
            if x==y: return True
            par[x]=y
    return False
def model_ok(h,w,g):
    H,W=3*h+2,3*w+2
    op=[[True]*W for _ in range(H)]
    for r in range(h):
        for c in range(w):
            R,C=3*r+1,3*c+1
            op[R+1][C+1]=False
            s=g[r][c]
            op[R][C]=s; op[R+2][C+2]=s; op[R][C+2]=not s; op[R+2][C]=not s
    cells=[(i,j) for i in range(H) for j in range(W) if op[i][j]]
    seen={cells[0]}; st=[cells[0]]
    while st:
        i,j=st.pop()
        for di,dj in ((1,0),(-1,0),(0,1),(0,-1)):
            a,b=i+di,j+dj
            if 0<=a<H and 0<=b<W and op[a][b] and (a,b) not in seen: seen.add((a,b)); st.append((a,b))
    return len(seen)==len(cells)
for h,w in [(1,1),(2,2),(2,3),(3,3),(3,4),(4,4)]:
    bad=0;n=0;loops=0
    for bits in itertools.product([False,True],repeat=h*w):
        g=[bits[r*w:(r+1)*w] for r in range(h)]
        l=has_loop(h,w,g); loops+=l
        if l == model_ok(h,w,g): bad+=1
        n+=1
    print(h,w,n,loops,bad)
