import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;
const thisYear = () => new Date().getFullYear();
const buildYear = () => __BUILD_YEAR__;

/**
 * This year, for copyright lines. A page rendered to HTML at build shows the build's year, and
 * hydration renders that same year first (anything else would not match the HTML), then this one.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(neverChanges, thisYear, buildYear);
}
