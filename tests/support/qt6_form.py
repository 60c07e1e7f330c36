"""A PyQt6 form for end-to-end tests: a toolbar of icon-only tool buttons
(the style's standard icons, each with a tooltip), a line edit labelled on
its left, one labelled above, two check boxes (one checked), three radio
buttons (one checked) and a combo box. Every change, and every tool button
press, writes the widgets' true state as one JSON line to the file named by
argv[1] (the first line at start, the last on exit): the test reads the app's
truth from there."""
import json
import sys

from PyQt6.QtGui import QAction
from PyQt6.QtWidgets import (QApplication, QCheckBox, QComboBox, QGridLayout, QLabel, QLineEdit,
                             QMainWindow, QRadioButton, QStyle, QToolBar, QWidget)

out = sys.argv[1]
SIZES = ["Small", "Medium", "Large"]
COLOURS = ["Red", "Green", "Blue"]
# Tooltip, standard icon: the buttons show the icon only, so only the tooltip names them.
TOOLS = [
    ("Open a saved order", QStyle.StandardPixmap.SP_DialogOpenButton),
    ("Save the order", QStyle.StandardPixmap.SP_DialogSaveButton),
    ("Discard the order", QStyle.StandardPixmap.SP_TrashIcon),
]

app = QApplication(sys.argv[:1])
win = QMainWindow()
win.setWindowTitle("Qt6 Order Form")
pressed = []

body = QWidget()
grid = QGridLayout(body)
grid.setContentsMargins(18, 18, 18, 18)
grid.setVerticalSpacing(10)

name = QLineEdit()
name.setMinimumWidth(220)
grid.addWidget(QLabel("Full name"), 0, 0)
grid.addWidget(name, 0, 1)
grid.addWidget(QLabel("Email address"), 1, 0, 1, 2)
email = QLineEdit()
email.setFixedWidth(300)
grid.addWidget(email, 2, 0, 1, 2)

newsletter = QCheckBox("Subscribe to newsletter")
terms = QCheckBox("Accept the terms")
terms.setChecked(True)
grid.addWidget(newsletter, 3, 0, 1, 2)
grid.addWidget(terms, 4, 0, 1, 2)

radios = [QRadioButton(label) for label in SIZES]
radios[1].setChecked(True)
for i, r in enumerate(radios):
    grid.addWidget(r, 5 + i, 0, 1, 2)

grid.addWidget(QLabel("Colour"), 8, 0)
colour = QComboBox()
colour.addItems(COLOURS)
colour.setCurrentIndex(1)
grid.addWidget(colour, 8, 1)


def write(*_args):
    size = next((SIZES[i].lower() for i, r in enumerate(radios) if r.isChecked()), None)
    state = {
        "name": name.text(),
        "email": email.text(),
        "subscribe": newsletter.isChecked(),
        "terms": terms.isChecked(),
        "size": size,
        "colour": colour.currentText(),
        "tools": pressed,
    }
    with open(out, "a") as f:
        f.write(json.dumps(state) + "\n")


def tool_pressed(tip):
    pressed.append(tip)
    write()


bar = QToolBar("Order")
bar.setMovable(False)
for tip, icon in TOOLS:
    action = QAction(app.style().standardIcon(icon), "", win)
    action.setToolTip(tip)
    action.triggered.connect(lambda _checked=False, t=tip: tool_pressed(t))
    bar.addAction(action)
win.addToolBar(bar)
win.setCentralWidget(body)

for w in [newsletter, terms, *radios]:
    w.toggled.connect(write)
colour.currentIndexChanged.connect(write)
name.textChanged.connect(write)
email.textChanged.connect(write)
app.aboutToQuit.connect(write)
write()
win.move(200, 150)
win.show()
sys.exit(app.exec())
