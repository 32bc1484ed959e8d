/** The Fixtures panel (schedule, edit, results, cancel), behind the admin login. */
export { default } from '@/features/admin/fixtures/FixturesPage';
