/** The content editor (docs/product.md#screens-and-routes), behind the admin login. */
export { default } from '@/features/admin/content-editor/ContentEditorPage';
