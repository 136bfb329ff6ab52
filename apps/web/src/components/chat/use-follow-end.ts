import { useLayoutEffect, type RefObject } from 'react';

/** How far below the visible area the end may be and still be followed (a reader who scrolled up is left alone). */
const FOLLOW_SLACK_PX = 160;

/**
 * While an answer is being written, keeps the end of the conversation (`endRef`) in view each
 * time `text` grows, as long as the reader was at the end: the scroll container (`scrollerRef`)
 * moves by what was added, without smooth scrolling, which could not keep pace.
 */
export function useFollowEnd(
  scrollerRef: RefObject<HTMLElement | null>,
  endRef: RefObject<HTMLElement | null>,
  text: string | null,
): void {
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const end = endRef.current;
    if (!scroller || !end || !text) return;
    const below = end.getBoundingClientRect().bottom - scroller.getBoundingClientRect().bottom;
    if (below > 0 && below <= FOLLOW_SLACK_PX) scroller.scrollTop += below;
  }, [scrollerRef, endRef, text]);
}
