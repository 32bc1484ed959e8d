/** The webhooks screen (owner only), behind the admin login. */
export { default } from '@/features/admin/webhooks/WebhooksPage';
