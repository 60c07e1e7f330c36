"""A stand-in for an MCP client that owns a window, as Claude Desktop or a
terminal does: it opens a Tk window titled "Chat client" holding a text
entry, then starts the command it is given (the choto server) as its child
on its own stdin and stdout, so that the server's parent chain leads to this
process and its window. Every change to the entry is written to the file
named by CHAT_STATE: what reached the window, as the app itself holds it.
It ends when the server does."""

import os
import subprocess
import sys
import tkinter as tk

STATE = os.environ["CHAT_STATE"]

root = tk.Tk(className="ChatClient")
root.title("Chat client")
root.geometry(os.environ.get("CHAT_GEOMETRY", "560x300+820+540"))
tk.Label(root, text="Chat client messages", font=("DejaVu Sans", 16)).pack(pady=16)
said = tk.StringVar(value="draft")


def keep(*_):
    with open(STATE, "w", encoding="utf-8") as f:
        f.write(said.get())


said.trace_add("write", keep)
keep()
entry = tk.Entry(root, textvariable=said, font=("DejaVu Sans", 18), width=24)
entry.pack(pady=16)
entry.focus_set()
# The window is on screen before the server starts: the client is in front when the test begins.
root.update()

server = subprocess.Popen(sys.argv[1:])


def watch():
    if server.poll() is not None:
        root.destroy()
        return
    root.after(200, watch)


root.after(200, watch)
root.mainloop()
sys.exit(server.returncode or 0)
