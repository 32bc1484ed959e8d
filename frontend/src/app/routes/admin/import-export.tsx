/** The import and export screen, behind the admin login. */
export { default } from '@/features/admin/import-export/ImportExportPage';
