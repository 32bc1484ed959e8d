/** The player merge tool (docs/product.md#screens-and-routes), behind the admin login. */
export { default } from '@/features/admin/merge-players/MergePlayersPage';
