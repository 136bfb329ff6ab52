/** Constants the app's code reads as globals, fixed when it is built (declared in src/build-constants.d.ts). */
export const BUILD_CONSTANTS = {
  __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
};
