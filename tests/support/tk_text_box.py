"""A Tk text box for end-to-end tests: the file named by argv[1] shown in a
Text widget that has the focus, its caret at the first character and kept
from blinking, so that every look meets it there."""
import sys
import tkinter as tk

root = tk.Tk()
root.title("Tk harbour notes")
root.geometry("+200+150")
text = tk.Text(root, width=48, height=6, font=("DejaVu Sans", 12), insertofftime=0)
with open(sys.argv[1]) as f:
    text.insert("1.0", f.read().rstrip("\n"))
text.mark_set("insert", "1.0")
text.pack(padx=8, pady=8)
root.after(300, text.focus_force)
root.mainloop()
