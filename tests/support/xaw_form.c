/*
 * A plain Athena (Xaw) form for end-to-end tests: a Text entry with its
 * label on its left, two Toggles (one set), a radio group of three Toggles
 * (one set), a Toggle alone on its row and unset, with a Label on its left
 * ("Alerts [Email me]": nothing in its pixels tells it from a Command
 * button), and Quit and Save buttons. Once shown, on Save, Quit and closing
 * the window, and each time the lone Toggle changes, it writes the widgets'
 * own state as one JSON line to the file named by argv[1]: the test reads
 * the app's truth from there, never from what choto saw.
 *
 * Built by the test with: gcc xaw_form.c -o xaw_form -lXaw -lXt -lX11
 */
#include <stdio.h>
#include <stdlib.h>
#include <X11/Intrinsic.h>
#include <X11/StringDefs.h>
#include <X11/Shell.h>
#include <X11/Xaw/Form.h>
#include <X11/Xaw/Label.h>
#include <X11/Xaw/Command.h>
#include <X11/Xaw/Toggle.h>
#include <X11/Xaw/AsciiText.h>

static const char *out_path;
static Widget name_text, gift, receipt, small, notify;

static Boolean is_set(Widget w) {
  Boolean state = False;
  XtVaGetValues(w, XtNstate, &state, NULL);
  return state;
}

/* The JSON string of `s`: quotes and backslashes escaped, control characters dropped. */
static void put_json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; s && *s; s++) {
    if (*s == '"' || *s == '\\') fputc('\\', f);
    if ((unsigned char)*s >= 0x20) fputc(*s, f);
  }
  fputc('"', f);
}

static void write_truth(void) {
  FILE *f = fopen(out_path, "a");
  if (!f) return;
  String name = NULL;
  XtVaGetValues(name_text, XtNstring, &name, NULL);
  XtPointer size = XawToggleGetCurrent(small);
  fputs("{\"name\":", f);
  put_json_string(f, name);
  fprintf(f, ",\"gift\":%d,\"receipt\":%d,\"size\":", is_set(gift) ? 1 : 0, is_set(receipt) ? 1 : 0);
  put_json_string(f, size ? (const char *)size : "");
  fprintf(f, ",\"notify\":%d}\n", is_set(notify) ? 1 : 0);
  fclose(f);
}

static void on_save(Widget w, XtPointer client, XtPointer call) { write_truth(); }

/* The lone Toggle's change: its new state is the app's truth at once, before any Save. */
static void on_notify(Widget w, XtPointer client, XtPointer call) { write_truth(); }

static void on_quit(Widget w, XtPointer client, XtPointer call) {
  write_truth();
  exit(0);
}

/* The window manager's close: the state is written as on Quit. */
static void on_close(Widget w, XEvent *event, String *params, Cardinal *n) { on_quit(w, NULL, NULL); }

static Widget label(Widget form, const char *name, const char *text, Widget left, Widget above) {
  return XtVaCreateManagedWidget(name, labelWidgetClass, form, XtNlabel, text, XtNborderWidth, 0,
                                 XtNfromHoriz, left, XtNfromVert, above, NULL);
}

static Widget toggle(Widget form, const char *name, const char *text, Boolean set, Widget group,
                     const char *data, Widget left, Widget above) {
  return XtVaCreateManagedWidget(name, toggleWidgetClass, form, XtNlabel, text, XtNstate, set,
                                 XtNradioGroup, group, XtNradioData, (XtPointer)data, XtNfromHoriz, left,
                                 XtNfromVert, above, NULL);
}

int main(int argc, char **argv) {
  XtAppContext app;
  static XtActionsRec actions[] = {{"xaw-form-close", on_close}};
  Widget top = XtVaAppInitialize(&app, "XawForm", NULL, 0, &argc, argv, NULL, XtNtitle, "Xaw Order Form",
                                 NULL);
  if (argc < 2) {
    fprintf(stderr, "usage: xaw_form OUT.jsonl\n");
    return 2;
  }
  out_path = argv[1];
  XtAppAddActions(app, actions, 1);
  Widget form = XtVaCreateManagedWidget("form", formWidgetClass, top, XtNdefaultDistance, 10, NULL);

  Widget name_label = label(form, "nameLabel", "Full name", NULL, NULL);
  name_text = XtVaCreateManagedWidget("name", asciiTextWidgetClass, form, XtNeditType, XawtextEdit,
                                      XtNstring, "", XtNwidth, 260, XtNfromHoriz, name_label, NULL);

  Widget extras = label(form, "extrasLabel", "Extras", NULL, name_text);
  gift = toggle(form, "gift", "Gift wrap", True, NULL, NULL, extras, name_text);
  receipt = toggle(form, "receipt", "Paper receipt", False, NULL, NULL, gift, name_text);

  Widget size_label = label(form, "sizeLabel", "Size", NULL, gift);
  small = toggle(form, "small", "Small", False, NULL, "small", size_label, gift);
  Widget medium = toggle(form, "medium", "Medium", True, small, "medium", small, gift);
  toggle(form, "large", "Large", False, small, "large", medium, gift);

  Widget alerts = label(form, "alertsLabel", "Alerts", NULL, small);
  notify = toggle(form, "notify", "Email me", False, NULL, NULL, alerts, small);
  XtAddCallback(notify, XtNcallback, on_notify, NULL);

  Widget quit = XtVaCreateManagedWidget("quit", commandWidgetClass, form, XtNlabel, "Quit", XtNfromVert,
                                        notify, NULL);
  Widget save = XtVaCreateManagedWidget("save", commandWidgetClass, form, XtNlabel, "Save", XtNfromVert,
                                        notify, XtNfromHoriz, quit, NULL);
  XtAddCallback(quit, XtNcallback, on_quit, NULL);
  XtAddCallback(save, XtNcallback, on_save, NULL);

  XtRealizeWidget(top);
  Atom wm_delete = XInternAtom(XtDisplay(top), "WM_DELETE_WINDOW", False);
  XSetWMProtocols(XtDisplay(top), XtWindow(top), &wm_delete, 1);
  XtOverrideTranslations(top, XtParseTranslationTable("<Message>WM_PROTOCOLS: xaw-form-close()"));
  write_truth();
  XtAppMainLoop(app);
  return 0;
}
