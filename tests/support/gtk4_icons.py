"""A GTK4 / libadwaita list editor for end-to-end tests whose buttons are
icon-only: a header bar of symbolic icons (Add row, Delete row, Search,
Refresh, Save, a menu) and a toolbar under it (Move up, Move down), each with
a tooltip. Every action writes the app's state as one JSON line to the file
named by argv[1] (the first line at start): the test reads the app's truth
from there."""
import json
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Adw", "1")
from gi.repository import Adw, Gtk  # noqa: E402

out = sys.argv[1]
state = {"rows": 2, "saved": 0, "searches": 0, "refreshes": 0, "moves": 0, "last": "start"}


def write(action):
    state["last"] = action
    with open(out, "a") as f:
        f.write(json.dumps(state) + "\n")


def icon_button(icon, tooltip, on_click):
    b = Gtk.Button(icon_name=icon, tooltip_text=tooltip)
    b.connect("clicked", lambda *_: on_click())
    return b


def build(app):
    win = Adw.ApplicationWindow(application=app, title="GTK Icon List")
    win.set_default_size(560, 420)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    header = Adw.HeaderBar()
    box.append(header)
    body = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=10, margin_top=14, margin_start=18,
                   margin_end=18, margin_bottom=18)
    box.append(body)
    win.set_content(box)

    count = Gtk.Label(xalign=0)
    rows = Gtk.Label(xalign=0)

    def show():
        count.set_label(f"Rows: {state['rows']}")
        rows.set_label("\n".join(f"Item number {i + 1}" for i in range(state["rows"])))

    def add():
        state["rows"] += 1
        show()
        write("add")

    def delete():
        state["rows"] = max(0, state["rows"] - 1)
        show()
        write("delete")

    def count_up(key, action):
        state[key] += 1
        write(action)

    header.pack_start(icon_button("list-add-symbolic", "Add row", add))
    header.pack_start(icon_button("edit-delete-symbolic", "Delete row", delete))
    header.pack_end(icon_button("open-menu-symbolic", "Main menu", lambda: write("menu")))
    header.pack_end(icon_button("document-save-symbolic", "Save list", lambda: count_up("saved", "save")))
    header.pack_end(icon_button("view-refresh-symbolic", "Refresh list", lambda: count_up("refreshes", "refresh")))
    header.pack_end(icon_button("edit-find-symbolic", "Search rows", lambda: count_up("searches", "search")))

    toolbar = Gtk.Box(spacing=6)
    for icon, tip in [("go-up-symbolic", "Move up"), ("go-down-symbolic", "Move down")]:
        toolbar.append(icon_button(icon, tip, lambda: count_up("moves", "move")))
    toolbar.append(Gtk.Label(label="Reorder the selected row", margin_start=8))
    body.append(toolbar)
    body.append(count)
    body.append(rows)
    show()
    write("start")
    win.present()


app = Adw.Application(application_id="org.choto.GtkIconList")
app.connect("activate", build)
app.run([])
