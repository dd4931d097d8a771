"""The replay page's stylesheet, inlined into the page (nothing is fetched at view time)."""

STYLE = """
body { font-family: system-ui, sans-serif; margin: 0 1rem 2rem; background: #faf8f0; color: #222; }
header h1 { font-size: 1.3rem; margin: .6rem 0 .2rem; }
header p { margin: .2rem 0; }
.row, .controls { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; margin: .4rem 0; }
.controls input[type=range] { flex: 1 1 12rem; }
#turn { width: 5em; }
button { font: inherit; padding: .15rem .6rem; }
button.on { background: #335; color: #fff; }
main { display: flex; flex-wrap: wrap; gap: 1rem; }
#board-area { flex: 3 1 32rem; min-width: 0; }
#log-area { flex: 1 1 18rem; max-height: 80vh; overflow-y: auto; }
pre { white-space: pre-wrap; background: #fff; border: 1px solid #ccc; padding: .5rem; font-size: .85rem; }
#board-image { max-width: 100%; display: block; margin-bottom: .5rem; }
#log { font-size: .85rem; padding-left: 3.5em; }  /* room for four-digit item numbers */
#log li.now { background: #ffe89a; }
#log li.later { display: none; }
.error { color: #a00; }
.ok { color: #060; font-weight: bold; }
.bad { color: #a00; font-weight: bold; }
code { word-break: break-all; }
footer { margin-top: 1rem; color: #666; font-size: .85rem; }
"""
