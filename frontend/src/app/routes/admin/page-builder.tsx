/** The page builder (SPEC §2), behind the admin login. */
export { default } from '@/features/admin/page-builder/PageBuilderPage';
