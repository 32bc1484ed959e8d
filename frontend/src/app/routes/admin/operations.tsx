/** The operations screen (rebuild, set-aside events), behind the admin login. */
export { default } from '@/features/admin/operations/OperationsPage';
