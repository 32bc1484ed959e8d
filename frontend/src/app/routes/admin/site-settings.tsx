/** The site's settings and navigation, behind the admin login. */
export { default } from '@/features/admin/site-settings/SiteSettingsPage';
