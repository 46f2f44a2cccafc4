/** The panel's button and the form's submit look the same; the form loads lazily, so the class lives apart. */
export const contactButtonClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-70';
