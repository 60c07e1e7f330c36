/**
 * Shared-memory screen reads (declarations only): libXext's MIT-SHM calls,
 * which have the X server write an image straight into a segment both
 * processes map instead of sending it over the socket, and the System V
 * segment calls from libc that make and map that segment. Types follow
 * X11/extensions/XShm.h and sys/shm.h on LP64 Linux.
 *
 * @module
 */

export const libXshmSymbols = {
  // Bool XShmQueryExtension(Display *display);
  XShmQueryExtension: { parameters: ["pointer"], result: "i32" },
  // XImage *XShmCreateImage(Display *display, Visual *visual, unsigned int depth, int format,
  //   char *data, XShmSegmentInfo *shminfo, unsigned int width, unsigned int height);
  XShmCreateImage: {
    parameters: ["pointer", "pointer", "u32", "i32", "pointer", "buffer", "u32", "u32"],
    result: "pointer",
  },
  // Bool XShmAttach(Display *display, XShmSegmentInfo *shminfo);
  XShmAttach: { parameters: ["pointer", "buffer"], result: "i32" },
  // Bool XShmDetach(Display *display, XShmSegmentInfo *shminfo);
  XShmDetach: { parameters: ["pointer", "buffer"], result: "i32" },
  // Bool XShmGetImage(Display *display, Drawable d, XImage *image, int x, int y, unsigned long plane_mask);
  XShmGetImage: { parameters: ["pointer", "u64", "pointer", "i32", "i32", "u64"], result: "i32" },
} as const;

export const shmSymbols = {
  // int shmget(key_t key, size_t size, int shmflg);
  shmget: { parameters: ["i32", "usize", "i32"], result: "i32" },
  // void *shmat(int shmid, const void *shmaddr, int shmflg);  ((void *) -1 on failure)
  shmat: { parameters: ["i32", "pointer", "i32"], result: "pointer" },
  // int shmdt(const void *shmaddr);
  shmdt: { parameters: ["pointer"], result: "i32" },
  // int shmctl(int shmid, int cmd, struct shmid_ds *buf);
  shmctl: { parameters: ["i32", "i32", "pointer"], result: "i32" },
} as const;

/** sys/ipc.h and sys/shm.h constants, and XShmSegmentInfo's layout. */
export const Shm = {
  IPC_PRIVATE: 0,
  IPC_CREAT: 0o1000,
  IPC_RMID: 0,
  /** Owner read and write. */
  mode: 0o600,
  /** `{ ShmSeg shmseg; int shmid; char *shmaddr; Bool readOnly; }`: 8, 4 (+4 padding), 8, 4 (+4). */
  segmentInfoSize: 32,
  segmentInfo: { shmid: 8, shmaddr: 16, readOnly: 24 },
} as const;
