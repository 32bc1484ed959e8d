/** The review queue (moderators), behind the admin login. */
export { default } from '@/features/admin/review/ReviewPage';
