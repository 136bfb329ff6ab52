/** The year the app was built (vite.config.ts `define`): the year in pages rendered at build. */
declare const __BUILD_YEAR__: number;
