import { App } from 'antd';
import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';

export const UNSAVED_CHANGES_TITLE = 'Leave without saving?';
export const UNSAVED_CHANGES_TEXT = 'Your changes are not saved yet. Leaving now discards them.';

/**
 * While `dirty`, leaving asks first: closing or reloading the tab through the browser's
 * `beforeunload` prompt, and a move to another screen of the app with an in-app confirm.
 *
 * The app uses the declarative router (router.tsx: the data router's code weighed 15 KiB on every
 * first load), which has no useBlocker. Every in-app move (a link, navigate()) goes through the
 * router's navigator, so its push and replace ask first while there are unsaved changes. The
 * browser's own Back and Forward have already moved the entry when `popstate` fires: a listener
 * that runs before the router's (capture, at the window) keeps the router from seeing it, goes
 * back to the screen's entry, and asks; leaving then takes the same steps again.
 *
 * Returns `confirmDiscard(then)`, for the screen's own ways of dropping its drafts (choosing
 * another page in the editor): it runs `then` at once when nothing is unsaved.
 */
export function useUnsavedChangesPrompt(dirty: boolean): (then: () => void) => void {
  const { modal } = App.useApp();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const confirmDiscard = (then: () => void, stay?: () => void) => {
    if (!dirtyRef.current) {
      then();
      return;
    }
    modal.confirm({
      title: UNSAVED_CHANGES_TITLE,
      content: UNSAVED_CHANGES_TEXT,
      okText: 'Leave without saving',
      okButtonProps: { danger: true },
      cancelText: 'Stay',
      onOk: then,
      onCancel: stay,
    });
  };
  const confirmRef = useRef(confirmDiscard);
  confirmRef.current = confirmDiscard;

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);

    const stopBackAndForward = holdHistoryMoves((leave, stay) => confirmRef.current(leave, stay));
    const { push, replace } = navigator;
    navigator.push = (...args: Parameters<typeof push>) => confirmRef.current(() => push.apply(navigator, args));
    navigator.replace = (...args: Parameters<typeof replace>) => confirmRef.current(() => replace.apply(navigator, args));
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      stopBackAndForward();
      navigator.push = push;
      navigator.replace = replace;
    };
  }, [dirty, navigator]);

  return confirmDiscard;
}

/** The router's index of the current history entry (react-router keeps it in history.state). */
function entryIndex(state: unknown): number | null {
  const index = (state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' ? index : null;
}

/**
 * Holds the browser's Back and Forward on this entry: each move is undone before the router sees
 * it and handed to `ask(leave)`; `leave()` makes the same move again, for the router this time.
 * Returns what stops the holding.
 */
function holdHistoryMoves(ask: (leave: () => void, stay: () => void) => void): () => void {
  const held = entryIndex(window.history.state);
  let undoing = false;
  let leaving = false;
  // A second Back while the question is open is undone too, without asking twice.
  let asking = false;
  const onPopState = (event: PopStateEvent) => {
    if (leaving) return;
    if (undoing) {
      undoing = false;
      event.stopImmediatePropagation();
      return;
    }
    const here = entryIndex(window.history.state);
    if (held === null || here === null || here === held) return;
    event.stopImmediatePropagation();
    const steps = here - held;
    undoing = true;
    window.history.go(-steps);
    if (asking) return;
    asking = true;
    ask(
      () => {
        leaving = true;
        window.history.go(steps);
      },
      () => {
        asking = false;
      },
    );
  };
  window.addEventListener('popstate', onPopState, { capture: true });
  return () => window.removeEventListener('popstate', onPopState, { capture: true });
}
