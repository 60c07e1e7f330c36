/**
 * libtesseract's C API (`<tesseract/capi.h>`, tesseract 5.x), the part
 * choto uses: create a handle, load a model from memory (or several from a
 * folder), set parameters and an image, recognise, and take the words as
 * TSV. Declarations only.
 *
 * @module
 */

/** Candidate library files, most likely first: Debian/Ubuntu, Fedora, then Homebrew on macOS. */
export const LIBTESSERACT_PATHS = [
  "libtesseract.so.5",
  "libtesseract.so",
  "/opt/homebrew/lib/libtesseract.5.dylib",
  "/usr/local/lib/libtesseract.5.dylib",
];

/** The OpenMP runtime libtesseract may be built with (Debian's is). */
export const LIBGOMP_PATHS = ["libgomp.so.1"];

/** `TessOcrEngineMode`: the LSTM recogniser alone. */
export const OEM_LSTM_ONLY = 1;

export const libTesseractSymbols = {
  // const char *TessVersion();
  TessVersion: { parameters: [], result: "pointer" },
  // TessBaseAPI *TessBaseAPICreate();
  TessBaseAPICreate: { parameters: [], result: "pointer" },
  // void TessBaseAPIDelete(TessBaseAPI *handle);
  TessBaseAPIDelete: { parameters: ["pointer"], result: "void" },
  // void TessBaseAPIEnd(TessBaseAPI *handle);
  TessBaseAPIEnd: { parameters: ["pointer"], result: "void" },
  // int TessBaseAPIInit5(TessBaseAPI *handle, const char *data, int data_size,
  //     const char *language, TessOcrEngineMode mode, char **configs, int configs_size,
  //     char **vars_vec, char **vars_values, size_t vars_vec_size, BOOL set_only_non_debug_params);
  // Loads a model from memory. Present in 5.x; a library without it is not used.
  TessBaseAPIInit5: {
    parameters: [
      "pointer",
      "buffer",
      "i32",
      "buffer",
      "i32",
      "pointer",
      "i32",
      "pointer",
      "pointer",
      "usize",
      "i32",
    ],
    result: "i32",
    nonblocking: true,
    optional: true,
  },
  // int TessBaseAPIInit2(TessBaseAPI *handle, const char *datapath, const char *language,
  //     TessOcrEngineMode oem);
  // Loads the models `language` names (`deu+eng`) from the folder `datapath`.
  TessBaseAPIInit2: {
    parameters: ["pointer", "buffer", "buffer", "i32"],
    result: "i32",
    nonblocking: true,
  },
  // BOOL TessBaseAPISetVariable(TessBaseAPI *handle, const char *name, const char *value);
  TessBaseAPISetVariable: { parameters: ["pointer", "buffer", "buffer"], result: "i32" },
  // void TessBaseAPISetImage(TessBaseAPI *handle, const unsigned char *imagedata, int width,
  //     int height, int bytes_per_pixel, int bytes_per_line);
  // The pixels are copied into the handle, so the buffer may go once it returns.
  TessBaseAPISetImage: { parameters: ["pointer", "buffer", "i32", "i32", "i32", "i32"], result: "void" },
  // int TessBaseAPIRecognize(TessBaseAPI *handle, ETEXT_DESC *monitor);
  TessBaseAPIRecognize: { parameters: ["pointer", "pointer"], result: "i32", nonblocking: true },
  // char *TessBaseAPIGetTsvText(TessBaseAPI *handle, int page_number);
  TessBaseAPIGetTsvText: { parameters: ["pointer", "i32"], result: "pointer", nonblocking: true },
  // void TessBaseAPIClear(TessBaseAPI *handle);
  TessBaseAPIClear: { parameters: ["pointer"], result: "void" },
  // void TessDeleteText(const char *text);
  TessDeleteText: { parameters: ["pointer"], result: "void" },
} as const;

export const libGompSymbols = {
  // int omp_get_thread_limit(void);
  omp_get_thread_limit: { parameters: [], result: "i32" },
} as const;
