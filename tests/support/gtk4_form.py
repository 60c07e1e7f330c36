"""A GTK4 / libadwaita form for end-to-end tests: an entry labelled on its
left, one labelled above, two check buttons (one checked), three check
buttons grouped as radios (one active), a switch and a drop-down. Every
change writes the widgets' true state as one JSON line to the file named by
argv[1] (the first line at start, the last on exit): the test reads the
app's truth from there."""
import json
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Adw", "1")
from gi.repository import Adw, Gtk  # noqa: E402

out = sys.argv[1]
SIZES = ["Small", "Medium", "Large"]
COLOURS = ["Red", "Green", "Blue"]


def build(app):
    win = Gtk.ApplicationWindow(application=app, title="GTK Order Form")
    win.set_default_size(520, 560)
    grid = Gtk.Grid(row_spacing=10, column_spacing=12, margin_top=18, margin_bottom=18, margin_start=18,
                    margin_end=18)
    win.set_child(grid)

    name = Gtk.Entry(width_chars=24)
    grid.attach(Gtk.Label(label="Full name", xalign=0), 0, 0, 1, 1)
    grid.attach(name, 1, 0, 1, 1)
    grid.attach(Gtk.Label(label="Email address", xalign=0, margin_top=6), 0, 1, 2, 1)
    email = Gtk.Entry(width_chars=36, halign=Gtk.Align.START)
    grid.attach(email, 0, 2, 2, 1)

    newsletter = Gtk.CheckButton(label="Subscribe to newsletter")
    terms = Gtk.CheckButton(label="Accept the terms", active=True)
    grid.attach(newsletter, 0, 3, 2, 1)
    grid.attach(terms, 0, 4, 2, 1)

    radios = []
    for i, label in enumerate(SIZES):
        r = Gtk.CheckButton(label=label)
        if radios:
            r.set_group(radios[0])
        radios.append(r)
        grid.attach(r, 0, 5 + i, 2, 1)
    radios[1].set_active(True)

    grid.attach(Gtk.Label(label="Express delivery", xalign=0), 0, 8, 1, 1)
    express = Gtk.Switch(halign=Gtk.Align.START)
    grid.attach(express, 1, 8, 1, 1)

    grid.attach(Gtk.Label(label="Colour", xalign=0), 0, 9, 1, 1)
    colour = Gtk.DropDown.new_from_strings(COLOURS)
    colour.set_selected(1)
    colour.set_halign(Gtk.Align.START)
    grid.attach(colour, 1, 9, 1, 1)

    def write(*_args):
        size = next((SIZES[i].lower() for i, r in enumerate(radios) if r.get_active()), None)
        state = {
            "name": name.get_text(),
            "email": email.get_text(),
            "subscribe": newsletter.get_active(),
            "terms": terms.get_active(),
            "size": size,
            "express": express.get_active(),
            "colour": COLOURS[colour.get_selected()],
        }
        with open(out, "a") as f:
            f.write(json.dumps(state) + "\n")

    for w in [newsletter, terms, *radios]:
        w.connect("toggled", write)
    express.connect("notify::active", write)
    colour.connect("notify::selected", write)
    name.connect("changed", write)
    email.connect("changed", write)
    win.connect("close-request", lambda *_: write() or False)
    write()
    win.present()


app = Adw.Application(application_id="org.choto.GtkOrderForm")
app.connect("activate", build)
app.run([])
