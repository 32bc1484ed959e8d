/** The admin home (/admin): the key's screens, recent audit events and the projector's health, behind the admin login. */
export { default } from '@/features/admin/home/AdminHomePage';
