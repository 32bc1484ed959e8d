/** The page builder (docs/product.md#screens-and-routes), behind the admin login. */
export { default } from '@/features/admin/page-builder/PageBuilderPage';
