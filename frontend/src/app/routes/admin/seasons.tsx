/** The Seasons panel (start, rename), behind the admin login. */
export { default } from '@/features/admin/seasons/SeasonsPage';
