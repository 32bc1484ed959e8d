/** The admin keys screen (owner only), behind the admin login. */
export { default } from '@/features/admin/admin-keys/AdminKeysPage';
