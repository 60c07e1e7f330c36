"""A plain Tk form for end-to-end tests: a checkbox, three radio buttons, two
empty entries (one labelled on its left, one above). Submit writes the
variables' values as one JSON line to the file named by argv[1]; the test
reads the app's truth from there."""
import json
import sys
import tkinter as tk

out = sys.argv[1]
root = tk.Tk()
root.title("Tk Order Form")
root.geometry("+200+150")

name = tk.StringVar(root, "")
email = tk.StringVar(root, "")
subscribe = tk.IntVar(root, 0)
size = tk.StringVar(root, "medium")

form = tk.Frame(root, padx=16, pady=12)
form.pack()
tk.Label(form, text="Full name").grid(row=0, column=0, sticky="w", pady=6)
tk.Entry(form, textvariable=name, width=24).grid(row=0, column=1, sticky="w", padx=8)
tk.Label(form, text="Email address").grid(row=1, column=0, columnspan=2, sticky="w", pady=(10, 0))
tk.Entry(form, textvariable=email, width=36).grid(row=2, column=0, columnspan=2, sticky="w")
tk.Checkbutton(form, text="Subscribe to newsletter", variable=subscribe).grid(
    row=3, column=0, columnspan=2, sticky="w", pady=(12, 4))
for row, (label, value) in enumerate([("Small", "small"), ("Medium", "medium"), ("Large", "large")], start=4):
    tk.Radiobutton(form, text=label, value=value, variable=size).grid(row=row, column=0, columnspan=2, sticky="w")


def submit():
    with open(out, "a") as f:
        f.write(json.dumps({"name": name.get(), "email": email.get(), "subscribe": subscribe.get(),
                            "size": size.get()}) + "\n")


tk.Button(form, text="Submit", command=submit).grid(row=7, column=0, sticky="w", pady=(12, 0))
root.mainloop()
