/*
 * Stand-in macOS libraries for choto's permission tests: one shared library
 * that exports every symbol choto's FFI tables declare for CoreFoundation,
 * CoreGraphics, ApplicationServices, Carbon, libobjc, AppKit and Vision,
 * with the same C signatures. The test links it at each framework's path
 * under a folder of its own, so `Deno.dlopen` opens "the frameworks" at
 * paths an `--allow-ffi=<list>` can name, and the backend runs its real
 * code paths through real FFI calls: if any of them needed Deno's
 * raw-pointer APIs, a scoped `--allow-ffi` would refuse it.
 *
 * The desk it pretends to be: one 400x250-point display at 2x; a menu bar,
 * a TextEdit window (pid 300) in front of a Safari window (pid 500), and,
 * when `fake_set` brings it, a "Private Notes" window (pid 700, bundle id
 * com.example.vault) in front of both; a French AZERTY keyboard layout (or
 * US); both grants given; a general pasteboard whose change count and types
 * follow each copy `fake_set` makes; a system alert answered as `fake_set`
 * says, on the thread that calls it. Every call worth checking is written
 * to a log (`fake_log`), and every +1 object must be released once per
 * reference (`fake_leaks`).
 *
 * Written for x86-64 System V (the test machines): objc_msgSend is one
 * function answering every alias, and returns its pointer in rax and its
 * float in xmm0 at once.
 */

#define _GNU_SOURCE
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <uchar.h>
#include <unistd.h>

#if !defined(__x86_64__)
#error "the fake objc_msgSend is written for x86-64 System V"
#endif

/* ---- objects ------------------------------------------------------------ */

enum Kind {
  K_STR = 1, K_NUM, K_BOOL, K_ARRAY, K_DICT, K_DATA, K_RECT, K_EVENT, K_IMAGE, K_PROVIDER,
  K_SPACE, K_MODE, K_AXAPP, K_AXWIN, K_AXVALUE, K_AXSYS, K_SOURCE, K_CLASS, K_SEL, K_OBJ, K_URL
};

typedef struct Obj {
  int kind, owned, releases, retains;
  char *s;            /* STR text, CLASS/SEL/OBJ name, URL path */
  double num;         /* NUM, BOOL */
  struct Obj **items; /* ARRAY items, DICT values */
  char **keys;        /* DICT keys */
  int n, cap;
  uint8_t *bytes;     /* DATA */
  long len;
  double r[4];        /* RECT, AXVALUE, EVENT position */
  long i[6];          /* EVENT type/flags/click/key/down; IMAGE option; MODE display; AXAPP pid; AXWIN n; OBJ pid */
  uint16_t text[8];   /* EVENT unicode string */
  int textlen;
} Obj;

static Obj **all;
static int nall, capall;

static Obj *mk(int kind, int owned) {
  Obj *o = calloc(1, sizeof(Obj));
  o->kind = kind;
  o->owned = owned;
  if (nall == capall) {
    capall = capall ? capall * 2 : 256;
    all = realloc(all, sizeof(Obj *) * capall);
  }
  all[nall++] = o;
  return o;
}

static Obj *mkstr(const char *s, int owned) {
  Obj *o = mk(K_STR, owned);
  o->s = strdup(s);
  return o;
}

static void push(Obj *arr, Obj *v) {
  if (arr->n == arr->cap) {
    arr->cap = arr->cap ? arr->cap * 2 : 8;
    arr->items = realloc(arr->items, sizeof(Obj *) * arr->cap);
    arr->keys = realloc(arr->keys, sizeof(char *) * arr->cap);
  }
  arr->keys[arr->n] = NULL;
  arr->items[arr->n++] = v;
}

static void put(Obj *dict, const char *key, Obj *v) {
  push(dict, v);
  dict->keys[dict->n - 1] = strdup(key);
}

static Obj *dictGet(Obj *dict, const char *key) {
  for (int i = 0; i < dict->n; i++)
    if (dict->keys[i] && strcmp(dict->keys[i], key) == 0) return dict->items[i];
  return NULL;
}

/* ---- the log ------------------------------------------------------------ */

static char logbuf[1 << 16];
static size_t loglen;
/* The alert logs from the thread Deno calls it on. */
static pthread_mutex_t loglock = PTHREAD_MUTEX_INITIALIZER;

static void logf_(const char *fmt, ...) {
  pthread_mutex_lock(&loglock);
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(logbuf + loglen, sizeof logbuf - loglen - 2, fmt, ap);
  va_end(ap);
  if (n > 0) loglen += (size_t)n < sizeof logbuf - loglen - 2 ? (size_t)n : 0;
  logbuf[loglen++] = '\n';
  logbuf[loglen] = 0;
  pthread_mutex_unlock(&loglock);
}

/** Copies the log into buf; returns its length. */
size_t fake_log(char *buf, size_t size) {
  pthread_mutex_lock(&loglock);
  size_t n = loglen < size ? loglen : size;
  memcpy(buf, logbuf, n);
  pthread_mutex_unlock(&loglock);
  return n;
}

/** Writes one line per owned object not released exactly once per reference; returns the length. */
size_t fake_leaks(char *buf, size_t size) {
  size_t used = 0;
  for (int i = 0; i < nall && used + 64 < size; i++) {
    Obj *o = all[i];
    if (o->owned && o->releases != 1 + o->retains)
      used += snprintf(buf + used, size - used, "kind %d %s released %d, retained %d\n", o->kind,
                       o->s ? o->s : "", o->releases, o->retains);
  }
  return used;
}

/* ---- the desk ----------------------------------------------------------- */

typedef struct { int n; const char *owner; int layer; double b[4]; int pid; const char *title; } Win;

static Win wins[4] = {
  {1, "Window Server", 24, {0, 0, 400, 24}, 88, "Menubar"},
  {2, "TextEdit", 0, {20, 40, 200, 150}, 300, "Notes.txt"},
  {3, "Safari", 0, {150, 60, 220, 170}, 500, "Apple"},
};
static int nwins = 3;

/* An app the deny list names only by its bundle id: its window's owner name says something else. */
static const Win VAULT = {4, "Private Notes", 0, {60, 70, 120, 100}, 700, "Bank logins"};

/* What NSRunningApplication says of each pid: bundle id, bundle path, executable path. */
typedef struct { int pid; const char *id, *bundle, *exe; } App;
static const App APPS[] = {
  {300, "com.apple.TextEdit", "/System/Applications/TextEdit.app", "/System/Applications/TextEdit.app/Contents/MacOS/TextEdit"},
  {500, "com.apple.Safari", "/Applications/Safari.app", "/Applications/Safari.app/Contents/MacOS/Safari"},
  {700, "com.example.vault", "/Applications/Private Notes.app", "/Applications/Private Notes.app/Contents/MacOS/notesd"},
};

enum { ALERT_ALLOW, ALERT_DENY, ALERT_TIMEOUT, ALERT_FAIL };

static struct {
  int screen, trusted, imageNull, layout; /* layout: 0 US, 1 French */
  double px, py;
  int visionDelayMs; /* how long performRequests:error: takes */
  int vaultAfter;    /* the vault window comes to the front after this many more posted events (0: never) */
  long changeCount;  /* the pasteboard's */
  int concealed;     /* the last copy was marked org.nspasteboard.ConcealedType */
  int alert;         /* how the next alert is answered */
  int alertDelayMs;  /* how long the user takes to answer it */
} W = {1, 1, 0, 1, 30, 30, 0, 0, 41, 0, ALERT_DENY, 50};

static void vaultFront(void) {
  for (int i = 0; i < nwins; i++) if (wins[i].n == VAULT.n) return;
  memmove(&wins[2], &wins[1], sizeof(Win) * (size_t)(nwins - 1)); /* keep the menu bar first */
  wins[1] = VAULT;
  nwins++;
  logf_("vault window in front");
}

static void vaultGone(void) {
  for (int i = 0; i < nwins; i++) {
    if (wins[i].n != VAULT.n) continue;
    memmove(&wins[i], &wins[i + 1], sizeof(Win) * (size_t)(nwins - i - 1));
    nwins--;
    logf_("vault window closed");
    return;
  }
}

/** A number after `key=` in spec, or -1. */
static int setting(const char *spec, const char *key) {
  const char *at = strstr(spec, key);
  return at ? atoi(at + strlen(key)) : -1;
}

/**
 * Changes the desk, space-separated: "screen=0|1", "trusted=0|1",
 * "image=null|real", "layout=us|french", "vision_delay=MS", "vault=front|off"
 * (the Private Notes window), "vault_after=N" (it comes forward after N more
 * posted events), "copy=plain|secret" (an app copies to the pasteboard; a
 * password manager marks a secret concealed), "alert=allow|deny|timeout|fail"
 * and "alert_delay=MS" (how the next alert is answered, and after how long).
 */
void fake_set(const char *spec) {
  logf_("set %s", spec);
  int delay = setting(spec, "vision_delay=");
  if (delay >= 0) W.visionDelayMs = delay;
  if (strstr(spec, "screen=0")) W.screen = 0;
  if (strstr(spec, "screen=1")) W.screen = 1;
  if (strstr(spec, "trusted=0")) W.trusted = 0;
  if (strstr(spec, "trusted=1")) W.trusted = 1;
  if (strstr(spec, "image=null")) W.imageNull = 1;
  if (strstr(spec, "image=real")) W.imageNull = 0;
  if (strstr(spec, "layout=us")) W.layout = 0;
  if (strstr(spec, "layout=french")) W.layout = 1;
  if (strstr(spec, "vault=front")) vaultFront();
  if (strstr(spec, "vault=off")) vaultGone();
  int after = setting(spec, "vault_after=");
  if (after >= 0) W.vaultAfter = after;
  if (strstr(spec, "copy=")) W.changeCount++, W.concealed = strstr(spec, "copy=secret") != NULL;
  if (strstr(spec, "alert=allow")) W.alert = ALERT_ALLOW;
  if (strstr(spec, "alert=deny")) W.alert = ALERT_DENY;
  if (strstr(spec, "alert=timeout")) W.alert = ALERT_TIMEOUT;
  if (strstr(spec, "alert=fail")) W.alert = ALERT_FAIL;
  int alertDelay = setting(spec, "alert_delay=");
  if (alertDelay >= 0) W.alertDelayMs = alertDelay;
}

static Win *winByNumber(long n) {
  for (int i = 0; i < nwins; i++) if (wins[i].n == n) return &wins[i];
  return NULL;
}

static void raiseWin(Win *w) {
  Win copy = *w;
  int at = (int)(w - wins);
  memmove(&wins[2], &wins[1], sizeof(Win) * (size_t)(at - 1)); /* keep the menu bar first */
  wins[1] = copy;
}

/* ---- CoreFoundation ----------------------------------------------------- */

typedef struct { long location, length; } CFRange;

static Obj g_true = {.kind = K_BOOL, .num = 1};
static Obj g_promptKey = {.kind = K_STR, .s = "AXTrustedCheckOptionPrompt"};
static Obj g_tisId = {.kind = K_STR, .s = "TISPropertyInputSourceID"};
static Obj g_tisName = {.kind = K_STR, .s = "TISPropertyLocalizedName"};
static Obj g_tisData = {.kind = K_STR, .s = "TISPropertyUnicodeKeyLayoutData"};

const void *kCFBooleanTrue = &g_true;
const char kCFTypeArrayCallBacks[40];
const char kCFTypeDictionaryKeyCallBacks[48];
const char kCFTypeDictionaryValueCallBacks[40];
const void *kAXTrustedCheckOptionPrompt = &g_promptKey;
const void *kTISPropertyInputSourceID = &g_tisId;
const void *kTISPropertyLocalizedName = &g_tisName;
const void *kTISPropertyUnicodeKeyLayoutData = &g_tisData;
const void *NSPasteboardTypeString = NULL;

void CFRelease(Obj *o) {
  if (o) o->releases++;
}
Obj *CFRetain(Obj *o) {
  if (o) o->retains++;
  return o;
}
unsigned long CFGetTypeID(Obj *o) { return o->kind == K_STR ? 7 : o->kind == K_NUM ? 22 : o->kind == K_BOOL ? 21 : 1; }
unsigned long CFStringGetTypeID(void) { return 7; }
unsigned long CFNumberGetTypeID(void) { return 22; }
unsigned long CFBooleanGetTypeID(void) { return 21; }
long CFArrayGetCount(Obj *a) { return a->n; }
Obj *CFArrayGetValueAtIndex(Obj *a, long i) { return i < a->n ? a->items[i] : NULL; }

Obj *CFArrayCreate(void *alloc, Obj **values, long n, const void *cb) {
  (void)alloc, (void)cb;
  Obj *a = mk(K_ARRAY, 1);
  for (long i = 0; i < n; i++) push(a, values[i]);
  return a;
}
Obj *CFArrayCreateMutable(void *alloc, long cap, const void *cb) {
  (void)alloc, (void)cap, (void)cb;
  return mk(K_ARRAY, 1);
}
void CFArrayAppendValue(Obj *a, Obj *v) { push(a, v); }

Obj *CFDictionaryCreate(void *alloc, Obj **keys, Obj **values, long n, const void *kcb, const void *vcb) {
  (void)alloc;
  Obj *d = mk(K_DICT, 1);
  for (long i = 0; i < n; i++) put(d, keys[i]->s, values[i]);
  logf_("CFDictionaryCreate %ld pair(s), type callbacks %s", n,
        kcb == kCFTypeDictionaryKeyCallBacks && vcb == kCFTypeDictionaryValueCallBacks ? "yes" : "no");
  return d;
}
Obj *CFDictionaryGetValue(Obj *d, Obj *key) { return d->kind == K_DICT ? dictGet(d, key->s) : NULL; }

unsigned char CFNumberGetValue(Obj *o, long type, void *out) {
  if (type == 4) *(int64_t *)out = (int64_t)o->num;
  else *(double *)out = o->num;
  return 1;
}
unsigned char CFBooleanGetValue(Obj *o) { return o->num != 0; }

/** UTF-16 length of a UTF-8 string. */
static long units(const char *s) {
  long n = 0;
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if ((*p & 0xc0) == 0x80) continue;
    n += *p >= 0xf0 ? 2 : 1;
  }
  return n;
}
long CFStringGetLength(Obj *s) { return units(s->s); }
long CFStringGetMaximumSizeForEncoding(long len, uint32_t enc) { (void)enc; return len * 4; }
unsigned char CFStringGetCString(Obj *s, char *buf, long size, uint32_t enc) {
  (void)enc;
  if ((long)strlen(s->s) + 1 > size) return 0;
  strcpy(buf, s->s);
  return 1;
}
Obj *CFStringCreateWithCString(void *alloc, const char *c, uint32_t enc) {
  (void)alloc, (void)enc;
  return mkstr(c, 1);
}

Obj *CFDataCreate(void *alloc, const uint8_t *bytes, long len) {
  (void)alloc;
  Obj *d = mk(K_DATA, 1);
  d->bytes = malloc((size_t)len);
  memcpy(d->bytes, bytes, (size_t)len);
  d->len = len;
  return d;
}
long CFDataGetLength(Obj *d) { return d->len; }
const uint8_t *CFDataGetBytePtr(Obj *d) { return d->bytes; }
void CFDataGetBytes(Obj *d, CFRange r, uint8_t *buf) { memcpy(buf, d->bytes + r.location, (size_t)r.length); }

Obj *CFLocaleCopyPreferredLanguages(void) {
  Obj *a = mk(K_ARRAY, 1);
  push(a, mkstr("fr-CH", 0));
  push(a, mkstr("en-US", 0));
  return a;
}

/* ---- CoreFoundation: the user notification alert ------------------------ */

static void sleepMs(long ms) {
  struct timespec t = {ms / 1000, ms % 1000 * 1000000L};
  nanosleep(&t, NULL);
}

/** A string argument as the alert reads it when the user answers: still ours, not yet released. */
static const char *alive(const Obj *o) {
  if (!o) return "(none)";
  return o->kind == K_STR && o->releases == 0 ? o->s : "(released before the alert returned)";
}

/**
 * Shows "the alert": the user takes `alert_delay` ms to answer as `alert=`
 * says (Allow is the alternate button, Deny the default), or lets it time
 * out (cancel response after `timeout` seconds). The strings are read after
 * the wait, as the system reads them while the alert is up.
 */
int32_t CFUserNotificationDisplayAlert(double timeout, unsigned long flags, Obj *icon, Obj *sound, Obj *localization,
                                       Obj *header, Obj *message, Obj *defaultButton, Obj *alternateButton,
                                       Obj *otherButton, unsigned long *response) {
  const char *thread = gettid() == getpid() ? "the main thread" : "another thread";
  if (W.alert == ALERT_FAIL) {
    logf_("alert not shown, on %s", thread);
    return -1;
  }
  sleepMs(W.alert == ALERT_TIMEOUT ? (long)(timeout * 1000) : W.alertDelayMs);
  *response = W.alert == ALERT_ALLOW ? 1 : W.alert == ALERT_TIMEOUT ? 3 : 0;
  logf_("alert on %s, level %lu, timeout %.2f s, urls %s; \"%s\": \"%s\" [default \"%s\"] [alternate \"%s\"] "
        "[other %s] answered %lu",
        thread, flags, timeout, icon || sound || localization ? "given" : "none", alive(header), alive(message),
        alive(defaultButton), alive(alternateButton), alive(otherButton), *response);
  return 0;
}

/* ---- CoreGraphics ------------------------------------------------------- */

typedef struct { double x, y, w, h; } CGRect;
typedef struct { double x, y; } CGPoint;

enum { SCALE = 2, PT_W = 400, PT_H = 250, PX_W = PT_W * SCALE, PX_H = PT_H * SCALE, ROW = PX_W * 4 + 64 };

static Obj *num(double v) {
  Obj *o = mk(K_NUM, 0);
  o->num = v;
  return o;
}

Obj *CGWindowListCopyWindowInfo(uint32_t option, uint32_t relativeTo) {
  (void)option, (void)relativeTo;
  Obj *a = mk(K_ARRAY, 1);
  for (int i = 0; i < nwins; i++) {
    Win *w = &wins[i];
    Obj *d = mk(K_DICT, 0);
    put(d, "kCGWindowNumber", num(w->n));
    put(d, "kCGWindowOwnerName", mkstr(w->owner, 0));
    put(d, "kCGWindowOwnerPID", num(w->pid));
    put(d, "kCGWindowName", mkstr(W.screen ? w->title : "", 0));
    put(d, "kCGWindowLayer", num(w->layer));
    Obj *on = mk(K_BOOL, 0);
    on->num = 1;
    put(d, "kCGWindowIsOnscreen", on);
    Obj *b = mk(K_RECT, 0);
    memcpy(b->r, w->b, sizeof b->r);
    put(d, "kCGWindowBounds", b);
    push(a, d);
  }
  return a;
}
_Bool CGRectMakeWithDictionaryRepresentation(Obj *d, CGRect *out) {
  if (!d || d->kind != K_RECT) return 0;
  memcpy(out, d->r, sizeof *out);
  return 1;
}
uint32_t CGMainDisplayID(void) { return 1; }
int32_t CGGetActiveDisplayList(uint32_t max, uint32_t *ids, uint32_t *count) {
  if (max > 0 && ids) ids[0] = 1;
  *count = 1;
  return 0;
}
CGRect CGDisplayBounds(uint32_t id) { (void)id; return (CGRect){0, 0, PT_W, PT_H}; }
Obj *CGDisplayCopyDisplayMode(uint32_t id) {
  Obj *m = mk(K_MODE, 1);
  m->i[0] = id;
  return m;
}
size_t CGDisplayModeGetPixelWidth(Obj *m) { (void)m; return PX_W; }
size_t CGDisplayModeGetPixelHeight(Obj *m) { (void)m; return PX_H; }
void CGDisplayModeRelease(Obj *m) { CFRelease(m); }
_Bool CGPreflightScreenCaptureAccess(void) { return W.screen; }
_Bool CGRequestScreenCaptureAccess(void) {
  logf_("CGRequestScreenCaptureAccess");
  return W.screen;
}

Obj *CGWindowListCreateImage(CGRect r, uint32_t option, uint32_t window, uint32_t imageOption) {
  logf_("CGWindowListCreateImage %.0f,%.0f %.0fx%.0f option %u window %u image option %u", r.x, r.y, r.w, r.h,
        option, window, imageOption);
  if (W.imageNull) return NULL;
  Obj *img = mk(K_IMAGE, 1);
  img->i[0] = option;
  return img;
}
size_t CGImageGetWidth(Obj *i) { (void)i; return PX_W; }
size_t CGImageGetHeight(Obj *i) { (void)i; return PX_H; }
size_t CGImageGetBitsPerComponent(Obj *i) { (void)i; return 8; }
size_t CGImageGetBitsPerPixel(Obj *i) { (void)i; return 32; }
size_t CGImageGetBytesPerRow(Obj *i) { (void)i; return ROW; }
uint32_t CGImageGetBitmapInfo(Obj *i) { (void)i; return (2 << 12) | 2; /* 32Little | PremultipliedFirst: BGRA */ }
Obj *CGImageGetDataProvider(Obj *img) {
  Obj *p = mk(K_PROVIDER, 0);
  p->i[0] = img->i[0];
  return p;
}
void CGImageRelease(Obj *i) { CFRelease(i); }

/**
 * The pixels: a desktop picture of diagonal stripes, with the app windows
 * drawn over it in their own colours when the image is of the windows on
 * screen and Screen Recording is granted; padded rows, BGRA.
 */
Obj *CGDataProviderCopyData(Obj *provider) {
  Obj *d = mk(K_DATA, 1);
  d->len = (long)ROW * PX_H;
  d->bytes = calloc(1, (size_t)d->len);
  int withWindows = provider->i[0] == 1 && W.screen;
  for (int y = 0; y < PX_H; y++) {
    for (int x = 0; x < PX_W; x++) {
      uint8_t *p = d->bytes + (size_t)y * ROW + (size_t)x * 4;
      uint8_t v = (uint8_t)((x + y) % 64 * 4);
      p[0] = v, p[1] = (uint8_t)(255 - v), p[2] = 90, p[3] = 255;
      if (!withWindows) continue;
      for (int i = nwins - 1; i >= 0; i--) {
        double *b = wins[i].b;
        if (x >= b[0] * SCALE && x < (b[0] + b[2]) * SCALE && y >= b[1] * SCALE && y < (b[1] + b[3]) * SCALE)
          p[0] = (uint8_t)(wins[i].n * 60), p[1] = 240, p[2] = 20;
      }
    }
  }
  return d;
}

Obj *CGImageCreate(size_t w, size_t h, size_t bpc, size_t bpp, size_t bpr, Obj *space, uint32_t info, Obj *provider,
                   const double *decode, _Bool interpolate, int32_t intent) {
  (void)bpc, (void)bpp, (void)space, (void)provider, (void)decode, (void)interpolate, (void)intent;
  logf_("CGImageCreate %zux%zu row %zu info %u", w, h, bpr, info);
  return mk(K_IMAGE, 1);
}
Obj *CGColorSpaceCreateDeviceRGB(void) { return mk(K_SPACE, 1); }
void CGColorSpaceRelease(Obj *s) { CFRelease(s); }
Obj *CGDataProviderCreateWithCFData(Obj *data) {
  Obj *p = mk(K_PROVIDER, 1);
  p->len = data->len;
  return p;
}
void CGDataProviderRelease(Obj *p) { CFRelease(p); }

static Obj *event(long type, double x, double y) {
  Obj *e = mk(K_EVENT, 1);
  e->i[0] = type;
  e->r[0] = x, e->r[1] = y;
  return e;
}
Obj *CGEventCreate(void *src) { (void)src; return event(0, W.px, W.py); }
CGPoint CGEventGetLocation(Obj *e) { return (CGPoint){e->r[0], e->r[1]}; }
Obj *CGEventCreateMouseEvent(void *src, uint32_t type, CGPoint at, uint32_t button) {
  (void)src;
  Obj *e = event(type, at.x, at.y);
  e->i[3] = button;
  return e;
}
Obj *CGEventCreateKeyboardEvent(void *src, uint16_t key, _Bool down) {
  (void)src;
  Obj *e = event(10 + !down, 0, 0);
  e->i[3] = key;
  e->i[4] = down;
  return e;
}
Obj *CGEventCreateScrollWheelEvent2(void *src, uint32_t unit, uint32_t count, int32_t w1, int32_t w2, int32_t w3) {
  (void)src, (void)unit, (void)count, (void)w2, (void)w3;
  Obj *e = event(22, 0, 0);
  e->i[3] = w1;
  return e;
}
void CGEventSetFlags(Obj *e, uint64_t flags) { e->i[1] = (long)flags; }
void CGEventSetIntegerValueField(Obj *e, uint32_t field, int64_t v) {
  if (field == 1) e->i[2] = v;
}
void CGEventKeyboardSetUnicodeString(Obj *e, unsigned long n, const uint16_t *s) {
  e->textlen = n < 8 ? (int)n : 8;
  memcpy(e->text, s, sizeof(uint16_t) * (size_t)e->textlen);
}
/** Logs a posted event under `to` ("tap 0", "pid 300"); the vault may come forward after it. */
static void posted(const char *to, Obj *e) {
  long t = e->i[0];
  if (t == 10 || t == 11) {
    char text[32] = "";
    size_t at = 0;
    for (int k = 0; k < e->textlen && at < sizeof text - 8; k++) {
      uint16_t c = e->text[k];
      if (c < 0x80) text[at++] = (char)c;
      else if (c < 0x800) text[at++] = (char)(0xc0 | c >> 6), text[at++] = (char)(0x80 | (c & 0x3f));
      else text[at++] = (char)(0xe0 | c >> 12), text[at++] = (char)(0x80 | (c >> 6 & 0x3f)),
           text[at++] = (char)(0x80 | (c & 0x3f));
    }
    text[at] = 0;
    logf_("post %s key 0x%02lx %s flags 0x%lx%s%s", to, e->i[3], t == 10 ? "down" : "up", e->i[1],
          at ? " text " : "", text);
  } else if (t == 22) {
    logf_("post %s scroll %ld", to, e->i[3]);
  } else {
    if (t == 5 || t == 6) W.px = e->r[0], W.py = e->r[1];
    logf_("post %s mouse %ld at %.1f,%.1f click %ld flags 0x%lx", to, t, e->r[0], e->r[1], e->i[2], e->i[1]);
  }
  if (W.vaultAfter > 0 && --W.vaultAfter == 0) vaultFront();
}
void CGEventPost(uint32_t tap, Obj *e) {
  char to[16];
  snprintf(to, sizeof to, "tap %u", tap);
  posted(to, e);
}
void CGEventPostToPid(int32_t pid, Obj *e) {
  char to[24];
  snprintf(to, sizeof to, "pid %d", pid);
  posted(to, e);
}

/* ---- ApplicationServices (HIServices) ----------------------------------- */

unsigned char AXIsProcessTrusted(void) { return W.trusted; }
unsigned char AXIsProcessTrustedWithOptions(Obj *options) {
  Obj *prompt = options ? dictGet(options, "AXTrustedCheckOptionPrompt") : NULL;
  logf_("AXIsProcessTrustedWithOptions prompt=%s", prompt == &g_true ? "true" : "missing");
  return W.trusted;
}
Obj *AXUIElementCreateSystemWide(void) { return mk(K_AXSYS, 1); }
int32_t AXUIElementSetMessagingTimeout(Obj *el, float seconds) {
  logf_("AXUIElementSetMessagingTimeout %s %.2f", el->kind == K_AXSYS ? "system-wide" : "element", seconds);
  return 0;
}
Obj *AXUIElementCreateApplication(int32_t pid) {
  Obj *a = mk(K_AXAPP, 1);
  a->i[0] = pid;
  return a;
}
int32_t AXUIElementCopyAttributeValue(Obj *el, Obj *attr, Obj **out) {
  if (!W.trusted) return -25211;
  const char *name = attr->s;
  Obj *v = NULL;
  if (el->kind == K_AXAPP && strcmp(name, "AXWindows") == 0) {
    v = mk(K_ARRAY, 1);
    for (int i = 0; i < nwins; i++) {
      if (wins[i].layer != 0 || wins[i].pid != el->i[0]) continue;
      Obj *w = mk(K_AXWIN, 0);
      w->i[0] = wins[i].n;
      push(v, w);
    }
  } else if (el->kind == K_AXWIN) {
    Win *w = winByNumber(el->i[0]);
    if (strcmp(name, "AXPosition") == 0 || strcmp(name, "AXSize") == 0) {
      v = mk(K_AXVALUE, 1);
      int size = name[2] == 'S';
      v->r[0] = w->b[size ? 2 : 0], v->r[1] = w->b[size ? 3 : 1];
    } else if (strcmp(name, "AXTitle") == 0) {
      v = mkstr(w->title, 1);
    }
  }
  if (!v) return -25212;
  *out = v;
  return 0;
}
unsigned char AXValueGetValue(Obj *v, uint32_t type, double *out) {
  (void)type;
  out[0] = v->r[0], out[1] = v->r[1];
  return 1;
}
int32_t AXUIElementSetAttributeValue(Obj *el, Obj *attr, Obj *value) {
  logf_("AX set %s=%s on %s %ld", attr->s, value == &g_true ? "true" : "?", el->kind == K_AXAPP ? "app" : "window",
        el->i[0]);
  return 0;
}
int32_t AXUIElementPerformAction(Obj *el, Obj *action) {
  logf_("AX %s on window %ld", action->s, el->i[0]);
  if (strcmp(action->s, "AXRaise") == 0) raiseWin(winByNumber(el->i[0]));
  return 0;
}

/* ---- Carbon: the keyboard layout ---------------------------------------- */

/* What each key types, by key code 0x00-0x32; 1 marks a key that types nothing here. */
static const char16_t *LAYOUT[2][2] = {
  {u"asdfhgzxcv\1bqweryt123465=97-80]ou[ip\1lj'k;\\,/nm.\1 `",
   u"ASDFHGZXCV\1BQWERYT!@#$^%+(&_*)}OU{IP\1LJ\"K:|<?NM>\1 ~"},
  {u"qsdfhgwxcv\1bazerty&é\"'§(-çè)!à$ou^ip\1ljùkm`;=n,:\1 <",
   u"QSDFHGWXCV\1BAZERYT123465_97°80*OU¨IP\1LJ%KM£.+N?/\1 >"},
};
static const char *LAYOUT_ID[2] = {"com.apple.keylayout.US", "com.apple.keylayout.French"};
static const char *LAYOUT_NAME[2] = {"U.S.", "French"};

Obj *TISCopyCurrentKeyboardLayoutInputSource(void) {
  Obj *s = mk(K_SOURCE, 1);
  s->i[0] = W.layout;
  return s;
}
void *TISGetInputSourceProperty(Obj *src, Obj *key) {
  int l = (int)src->i[0];
  if (key == &g_tisId) return mkstr(LAYOUT_ID[l], 0);
  if (key == &g_tisName) return mkstr(LAYOUT_NAME[l], 0);
  if (key == &g_tisData) {
    Obj *d = mk(K_DATA, 0);
    d->bytes = malloc(1);
    d->bytes[0] = (uint8_t)l;
    d->len = 1;
    return d;
  }
  return NULL;
}
uint8_t LMGetKbdType(void) { return 40; }
int32_t UCKeyTranslate(const uint8_t *layout, uint16_t key, uint16_t action, uint32_t mods, uint32_t kbdType,
                       uint32_t options, uint32_t *dead, unsigned long max, unsigned long *length, uint16_t *out) {
  (void)action, (void)kbdType, (void)options, (void)dead;
  *length = 0;
  if (key > 0x32 || max < 1) return 0;
  uint16_t c = 1;
  if (mods & 8) c = *layout == 0 && key == 0x12 && !(mods & 2) ? u'¡' : 1; /* US Option+1 */
  else c = LAYOUT[*layout][(mods & 2) ? 1 : 0][key];
  if (c != 1) out[0] = c, *length = 1;
  return 0;
}

/* ---- libobjc ------------------------------------------------------------ */

static Obj *classes[64], *sels[128];
static int nclasses, nsels, pools;

static Obj *named(Obj **list, int *n, int kind, const char *name) {
  for (int i = 0; i < *n; i++) if (strcmp(list[i]->s, name) == 0) return list[i];
  Obj *o = mk(kind, 0);
  o->s = strdup(name);
  list[(*n)++] = o;
  return o;
}
Obj *objc_getClass(const char *name) { return named(classes, &nclasses, K_CLASS, name); }
Obj *sel_registerName(const char *name) { return named(sels, &nsels, K_SEL, name); }
void *objc_autoreleasePoolPush(void) {
  pools++;
  return (void *)(intptr_t)pools;
}
void objc_autoreleasePoolPop(void *token) {
  if ((intptr_t)token != pools) logf_("pool popped out of order");
  pools--;
}

/** Every objc_msgSend alias: a pointer in rax, a float in xmm0. */
typedef struct { void *p; union { double d; float f; } x; } Ret;

static Ret ret(void *p) { return (Ret){p, {0}}; }

static Obj *objOf(const char *role, long pid) {
  Obj *o = mk(K_OBJ, 0);
  o->s = strdup(role);
  o->i[0] = pid;
  return o;
}

static const App *appOf(long pid) {
  for (size_t i = 0; i < sizeof APPS / sizeof APPS[0]; i++) if (APPS[i].pid == pid) return &APPS[i];
  return NULL;
}

/** An NSURL (autoreleased) of a file path. */
static Obj *url(const char *path) {
  Obj *u = mk(K_URL, 0);
  u->s = strdup(path);
  return u;
}

/* ---- ScreenCaptureKit: completion blocks answered from a thread of their own -------------------- */

/** Block.h: a global block's isa is this array's address. */
void *_NSConcreteGlobalBlock[32];

/** Block_private.h's literal and descriptor (with BLOCK_HAS_SIGNATURE, no copy/dispose helpers). */
typedef struct Block {
  void *isa;
  int32_t flags, reserved;
  void (*invoke)(struct Block *, void *, void *);
  struct { uintptr_t reserved, size; const char *signature, *layout; } *descriptor;
} Block;

typedef struct { Block *block; Obj *obj; const char *what; } Completion;

/**
 * What a dispatch queue of ScreenCaptureKit's does: later, on another
 * thread, checks the block as the runtime would, calls its invoke with the
 * answer, and then lets go of the answer (the handler had to retain it).
 */
static void *complete(void *arg) {
  Completion *c = arg;
  sleepMs(20);
  Block *b = c->block;
  logf_("sck %s block isa %s flags 0x%x size %lu signature %s", c->what,
        b->isa == (void *)_NSConcreteGlobalBlock ? "global" : "OTHER", (unsigned)b->flags,
        (unsigned long)b->descriptor->size, b->descriptor->signature);
  b->invoke(b, c->obj, NULL);
  c->obj->releases++;
  logf_("sck %s answered", c->what);
  free(c);
  return NULL;
}

static void completeLater(Block *block, Obj *obj, const char *what) {
  Completion *c = malloc(sizeof *c);
  *c = (Completion){block, obj, what};
  pthread_t t;
  pthread_create(&t, NULL, complete, c);
  pthread_detach(t);
}

Ret objc_msgSend(Obj *self, Obj *sel, uintptr_t a, uintptr_t b, uintptr_t c, uintptr_t d, float f0) {
  (void)c, (void)d;
  const char *s = sel->s;
  if (!strcmp(s, "getShareableContentWithCompletionHandler:")) {
    Obj *content = mk(K_OBJ, 1);
    content->s = strdup("sccontent");
    completeLater((Block *)a, content, "content");
    return ret(NULL);
  }
  if (!strcmp(s, "captureImageWithFilter:configuration:completionHandler:")) {
    Obj *img = mk(K_IMAGE, 1);
    img->i[0] = 1; /* drawn as the windows on screen */
    completeLater((Block *)c, img, "image");
    return ret(NULL);
  }
  if (!strcmp(s, "retain")) {
    self->retains++;
    return ret(self);
  }
  if (!strcmp(s, "displays")) {
    Obj *arr = mk(K_ARRAY, 0);
    push(arr, objOf("scdisplay", 1));
    return ret(arr);
  }
  if (!strcmp(s, "displayID")) return ret((void *)(uintptr_t)self->i[0]);
  if (!strcmp(s, "new")) {
    Obj *o = mk(K_OBJ, 1);
    o->s = strdup(self->s);
    return ret(o);
  }
  if (!strcmp(s, "initWithDisplay:excludingWindows:")) return ret(self);
  if (!strcmp(s, "setWidth:") || !strcmp(s, "setHeight:") || !strcmp(s, "setPixelFormat:") ||
      !strcmp(s, "setShowsCursor:")) {
    logf_("sck %s %lu", s, (unsigned long)a);
    return ret(NULL);
  }
  if (!strcmp(s, "alloc")) {
    Obj *o = mk(K_OBJ, 1);
    o->s = strdup(self->s);
    return ret(o);
  }
  if (!strcmp(s, "init") || !strcmp(s, "initWithCGImage:options:")) return ret(self);
  if (!strcmp(s, "release")) {
    self->releases++;
    return ret(NULL);
  }
  if (!strcmp(s, "respondsToSelector:")) {
    const char *q = ((Obj *)a)->s;
    return ret((void *)(uintptr_t)(!strcmp(q, "activateFromApplication:options:") ||
                                   !strcmp(q, "supportedRecognitionLanguagesAndReturnError:")));
  }
  if (!strcmp(s, "setRecognitionLevel:") || !strcmp(s, "setUsesLanguageCorrection:")) {
    logf_("vision %s %lu", s, (unsigned long)a);
    return ret(NULL);
  }
  if (!strcmp(s, "setMinimumTextHeight:")) {
    logf_("vision setMinimumTextHeight: %.5f", f0);
    return ret(NULL);
  }
  if (!strcmp(s, "setRecognitionLanguages:")) {
    Obj *arr = (Obj *)a;
    char langs[128] = "";
    for (int i = 0; i < arr->n; i++) {
      strncat(langs, arr->items[i]->s, sizeof langs - strlen(langs) - 2);
      if (i + 1 < arr->n) strcat(langs, ",");
    }
    logf_("vision setRecognitionLanguages: %s", langs);
    return ret(NULL);
  }
  if (!strcmp(s, "supportedRecognitionLanguagesAndReturnError:")) {
    Obj *arr = mk(K_ARRAY, 0);
    push(arr, mkstr("en-US", 0));
    push(arr, mkstr("fr-FR", 0));
    push(arr, mkstr("de-DE", 0));
    return ret(arr);
  }
  if (!strcmp(s, "dictionary")) return ret(mk(K_DICT, 0));
  if (!strcmp(s, "arrayWithObject:")) {
    Obj *arr = mk(K_ARRAY, 0);
    push(arr, (Obj *)a);
    return ret(arr);
  }
  if (!strcmp(s, "performRequests:error:")) {
    if (W.visionDelayMs > 0) {
      struct timespec t = {W.visionDelayMs / 1000, (long)(W.visionDelayMs % 1000) * 1000000L};
      nanosleep(&t, NULL);
    }
    return ret((void *)1);
  }
  if (!strcmp(s, "results")) {
    Obj *arr = mk(K_ARRAY, 0);
    push(arr, objOf("observation", 0));
    return ret(arr);
  }
  if (!strcmp(s, "count")) return ret((void *)(uintptr_t)self->n);
  if (!strcmp(s, "objectAtIndex:")) return ret(self->items[a]);
  if (!strcmp(s, "topCandidates:")) {
    Obj *arr = mk(K_ARRAY, 0);
    push(arr, objOf("candidate", 0));
    return ret(arr);
  }
  if (!strcmp(s, "string")) return ret(mkstr("Save As", 0));
  if (!strcmp(s, "confidence")) {
    Ret r = ret(NULL);
    r.x.f = 0.875f;
    return r;
  }
  if (!strcmp(s, "boundingBoxForRange:error:")) {
    logf_("vision boundingBoxForRange: %lu+%lu", (unsigned long)a, (unsigned long)b);
    return ret(NULL);
  }
  if (!strcmp(s, "runningApplicationWithProcessIdentifier:")) {
    /* nil for a pid that is no app (the window server's). */
    return ret(appOf((int32_t)a) ? objOf("runningApp", (int32_t)a) : NULL);
  }
  if (!strcmp(s, "activateFromApplication:options:")) {
    logf_("activateFromApplication:options: pid %ld from %ld options %lu", self->i[0], ((Obj *)a)->i[0],
          (unsigned long)b);
    return ret((void *)1);
  }
  if (!strcmp(s, "activateWithOptions:")) {
    logf_("activateWithOptions: pid %ld options %lu", self->i[0], (unsigned long)a);
    return ret((void *)1);
  }
  if (!strcmp(s, "bundleIdentifier")) return ret(mkstr(appOf(self->i[0])->id, 0));
  if (!strcmp(s, "bundleURL")) return ret(url(appOf(self->i[0])->bundle));
  if (!strcmp(s, "executableURL")) return ret(url(appOf(self->i[0])->exe));
  if (!strcmp(s, "lastPathComponent") && self->kind == K_URL) return ret(mkstr(strrchr(self->s, '/') + 1, 0));
  if (!strcmp(s, "generalPasteboard")) return ret(objOf("pasteboard", 0));
  if (!strcmp(s, "changeCount")) return ret((void *)(uintptr_t)W.changeCount);
  if (!strcmp(s, "types")) {
    Obj *arr = mk(K_ARRAY, 0);
    push(arr, mkstr("public.utf8-plain-text", 0));
    if (W.concealed) push(arr, mkstr("org.nspasteboard.ConcealedType", 0));
    return ret(arr);
  }
  if (!strcmp(s, "stringForType:"))
    return ret(strcmp(((Obj *)a)->s, "public.utf8-plain-text") ? NULL : mkstr("clip ✓", 0));
  if (!strcmp(s, "localizedDescription")) return ret(mkstr("fake error", 0));
  logf_("unknown selector %s", s);
  return ret(NULL);
}

/** The x86-64 struct-return dispatcher: a CGRect through the hidden pointer. */
CGRect objc_msgSend_stret(Obj *self, Obj *sel) {
  (void)self;
  if (!strcmp(sel->s, "boundingBox")) return (CGRect){0.1, 0.4, 0.5, 0.2};
  logf_("unknown stret selector %s", sel->s);
  return (CGRect){0, 0, 0, 0};
}
