"""A Tk editor for end-to-end tests with a find bar whose buttons are icons
only (drawn chevrons, a double chevron, a disk), each with a tooltip that
opens after a short delay as a tooltip-type window, as toolkits draw them.
The text comes from the file named by argv[1]; the disk icon writes it back
there, so the test reads the app's own output."""
import sys
import tkinter as tk

path = sys.argv[1]
root = tk.Tk()
root.title("Tk Find Bar")
root.geometry("+200+150")

text = tk.Text(root, width=48, height=8, font=("DejaVu Sans Mono", 11))
with open(path) as f:
    text.insert("1.0", f.read().rstrip("\n"))
text.pack(padx=8, pady=(8, 4))

bar = tk.Frame(root, padx=8, pady=6)
bar.pack(fill="x")
tk.Label(bar, text="Find:").grid(row=0, column=0, sticky="w")
find = tk.Entry(bar, width=18)
find.grid(row=0, column=1, padx=(4, 12))
tk.Label(bar, text="Replace with:").grid(row=0, column=2, sticky="w")
replace = tk.Entry(bar, width=18)
replace.grid(row=0, column=3, padx=(4, 12))


def drawn(rows):
    """An icon from rows of '#' (ink) and '.' (transparent), two pixels per mark."""
    img = tk.PhotoImage(width=len(rows[0]) * 2, height=len(rows) * 2)
    for y, row in enumerate(rows):
        for x, mark in enumerate(row):
            if mark == "#":
                img.put("#303030", to=(x * 2, y * 2, x * 2 + 2, y * 2 + 2))
    return img


UP = ["...#...", "..#.#..", ".#...#.", "#.....#"]
DOWN = list(reversed(UP))
# Two chevrons that touch, as icon themes draw "go to the end" (apart, they would be two icons).
DOUBLE_DOWN = ["#.....#", ".#...#.", "#.#.#.#", ".#.#.#.", "..#.#..", "...#..."]
DISK = ["#######", "#.###.#", "#.###.#", "#.....#", "#.###.#", "#.###.#", "#######"]


class Tip:
    """A tooltip: a borderless tooltip-type window under the pointer, shown after a pause."""

    def __init__(self, widget, words):
        self.widget, self.words, self.win, self.pending = widget, words, None, None
        widget.bind("<Enter>", self.later)
        widget.bind("<Leave>", self.hide)

    def later(self, _):
        self.pending = self.widget.after(400, self.show)

    def show(self):
        self.win = tk.Toplevel(self.widget)
        self.win.wm_overrideredirect(True)
        self.win.wm_attributes("-type", "tooltip")
        x = self.widget.winfo_rootx() + 8
        y = self.widget.winfo_rooty() + self.widget.winfo_height() + 6
        self.win.wm_geometry(f"+{x}+{y}")
        tk.Label(self.win, text=self.words, background="#ffffe0", relief="solid", borderwidth=1,
                 padx=4, pady=2).pack()

    def hide(self, _):
        if self.pending:
            self.widget.after_cancel(self.pending)
            self.pending = None
        if self.win:
            self.win.destroy()
            self.win = None


def select(start):
    text.tag_remove("sel", "1.0", "end")
    if start:
        end = f"{start}+{len(find.get())}c"
        text.tag_add("sel", start, end)
        text.mark_set("insert", end)


def find_next():
    if find.get():
        select(text.search(find.get(), "insert", stopindex="end"))


def find_previous():
    if find.get():
        select(text.search(find.get(), "insert", stopindex="1.0", backwards=True))


def replace_all():
    body = text.get("1.0", "end-1c")
    if find.get():
        text.delete("1.0", "end")
        text.insert("1.0", body.replace(find.get(), replace.get()))


def save():
    with open(path, "w") as f:
        f.write(text.get("1.0", "end-1c") + "\n")


images = []
for column, (rows, tip, action) in enumerate([
    (UP, "Find previous", find_previous),
    (DOWN, "Find next", find_next),
    (DOUBLE_DOWN, "Replace every match", replace_all),
    (DISK, "Save the file", save),
], start=4):
    img = drawn(rows)
    images.append(img)
    b = tk.Button(bar, image=img, command=action, relief="flat", borderwidth=0, padx=6, pady=6)
    b.grid(row=0, column=column, padx=6)
    Tip(b, tip)

root.mainloop()
