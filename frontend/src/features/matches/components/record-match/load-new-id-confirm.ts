/** The confirm's antd code, fetched when a row first shows a warning so that it opens at once on submit. */
export const loadNewIdConfirm = () => import('./NewIdConfirm');
