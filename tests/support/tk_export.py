"""A Tk window for end-to-end tests whose Export PDF button starts disabled:
a click on it reaches the window and does nothing, as a disabled button
does. Unlock enables it; Export PDF, once enabled, appends one line to the
file named by argv[1] and shows how many exports were made. The test reads
the app's truth from that file."""
import sys
import tkinter as tk

out = sys.argv[1]
root = tk.Tk()
root.title("Tk Export")
root.geometry("+200+150")

frame = tk.Frame(root, padx=24, pady=16)
frame.pack()
tk.Label(frame, text="Quarterly report", font=("DejaVu Sans", 13)).grid(row=0, column=0, columnspan=2, sticky="w")
status = tk.Label(frame, text="Nothing exported yet", font=("DejaVu Sans", 11))
status.grid(row=1, column=0, columnspan=2, sticky="w", pady=(8, 40))
exports = 0


def export():
    global exports
    exports += 1
    with open(out, "a") as f:
        f.write("exported\n")
    status.config(text=f"Exported {exports} time(s)")


# Drawn darker than Tk's default grey when disabled, so it can be read (and aimed at) as a label is.
export_button = tk.Button(frame, text="Export PDF", command=export, state="disabled",
                          disabledforeground="#505050", font=("DejaVu Sans", 11))
export_button.grid(row=2, column=0, sticky="w")
tk.Button(frame, text="Unlock", command=lambda: export_button.config(state="normal"),
          font=("DejaVu Sans", 11)).grid(row=2, column=1, sticky="e", padx=(120, 0))
root.mainloop()
