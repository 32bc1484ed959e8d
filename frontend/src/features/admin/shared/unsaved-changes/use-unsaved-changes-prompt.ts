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
 * browser's own Back and Forward are not held back by this (the entry has already changed).
 *
 * Returns `confirmDiscard(then)`, for the screen's own ways of dropping its drafts (choosing
 * another page in the editor): it runs `then` at once when nothing is unsaved.
 */
export function useUnsavedChangesPrompt(dirty: boolean): (then: () => void) => void {
  const { modal } = App.useApp();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const confirmDiscard = (then: () => void) => {
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

    const { push, replace } = navigator;
    navigator.push = (...args: Parameters<typeof push>) => confirmRef.current(() => push.apply(navigator, args));
    navigator.replace = (...args: Parameters<typeof replace>) => confirmRef.current(() => replace.apply(navigator, args));
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      navigator.push = push;
      navigator.replace = replace;
    };
  }, [dirty, navigator]);

  return confirmDiscard;
}
