/** The media library, behind the admin login. */
export { default } from '@/features/admin/media/MediaLibraryPage';
