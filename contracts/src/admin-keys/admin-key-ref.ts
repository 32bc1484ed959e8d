// Which key made an event: the event store's metadata holds it (event-store.ts), and the audit log
// and the version histories show it, so it stands below both, with the roles.
import { z } from 'zod';

export const AdminKeyRefSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: 'AdminKeyRef', description: 'Which key made an event.' });
export type AdminKeyRef = z.infer<typeof AdminKeyRefSchema>;
