/** The content editor (SPEC §2), behind the admin login. */
export { default } from '@/features/admin/content-editor/ContentEditorPage';
