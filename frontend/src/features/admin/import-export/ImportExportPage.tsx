import { AdminGate } from '../shared/AdminGate';
import { ImportExport } from './components/ImportExport';
import '../shared/admin.css';
import './import-export.css';

/** /admin/import-export: the admin login, then (for a key whose role covers it) the import and export screen. */
export default function ImportExportPage() {
  return (
    <AdminGate screen="importExport" loginDescription="You can now import and export">
      {(session) => <ImportExport onLogout={session.logout} handleAdminError={session.handleAdminError} />}
    </AdminGate>
  );
}
