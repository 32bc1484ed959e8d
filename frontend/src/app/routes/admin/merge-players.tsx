/** The player merge tool (SPEC §2), behind the admin login. */
export { default } from '@/features/admin/merge-players/MergePlayersPage';
