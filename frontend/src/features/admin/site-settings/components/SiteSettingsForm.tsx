import { Alert, Button, Card, Input, Skeleton } from 'antd';
import {
  accentColorProblem,
  MAX_FOOTER_TEXT_LENGTH,
  MAX_SHORT_NAME_LENGTH,
  MAX_TAGLINE_LENGTH,
  MAX_TEAM_NAME_LENGTH,
  SITE_SETTING_FIELDS,
  SOCIAL_LABELS,
  SOCIAL_NETWORKS,
  type SiteSettings,
  type SocialNetwork,
  type UpdateSiteSettingsRequest,
} from '@team/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { useToast } from '@/components/ui/toast';
import { AdminScreenHeader } from '../../shared/AdminScreenHeader';
import { useGetNavigablePagesQuery, useGetSiteSettingsQuery, useUpdateSiteSettingsMutation } from '../api/site-settings-admin';
import { ImageField } from './ImageField';
import { NavigationEditor } from './NavigationEditor';

export interface SiteSettingsFormProps {
  onLogout: () => void;
  handleAdminError: (error: unknown) => boolean;
}

/** The fields whose values differ from what was loaded: what PUT /api/admin/site is sent. */
export function changedFields(loaded: SiteSettings, draft: SiteSettings): UpdateSiteSettingsRequest {
  const changes: Record<string, unknown> = {};
  for (const field of SITE_SETTING_FIELDS) {
    if (JSON.stringify(loaded[field]) !== JSON.stringify(draft[field])) changes[field] = draft[field];
  }
  return changes as UpdateSiteSettingsRequest;
}

function Field({ label, id, hint, children }: { label: string; id: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="site-settings-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <div className="site-settings-hint">{hint}</div>}
    </div>
  );
}

/** /admin/settings: the team's names, images, accent, links, footer, date locale and the navigation. */
export function SiteSettingsForm({ onLogout, handleAdminError }: SiteSettingsFormProps) {
  const loaded = useGetSiteSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const pages = useGetNavigablePagesQuery();
  const [save, { isLoading: saving }] = useUpdateSiteSettingsMutation();
  const [draft, setDraft] = useState<SiteSettings | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const { toast } = useToast();
  useEffect(() => {
    if (loaded.data) setDraft(loaded.data);
  }, [loaded.data]);

  const set = <K extends keyof SiteSettings>(field: K, value: SiteSettings[K]) => setDraft((current) => (current ? { ...current, [field]: value } : current));
  const setSocial = (network: SocialNetwork, value: string) =>
    setDraft((current) => {
      if (!current) return current;
      const socials = { ...current.socials };
      if (value.trim()) socials[network] = value.trim();
      else delete socials[network];
      return { ...current, socials };
    });

  const accentProblem = draft ? accentColorProblem(draft.accentColor) : null;
  const changes = loaded.data && draft ? changedFields(loaded.data, draft) : {};
  const onSave = async () => {
    setProblems([]);
    try {
      await save(changes).unwrap();
      toast({ title: 'Success', description: 'Site settings saved' });
    } catch (error) {
      if (handleAdminError(error)) return;
      const details = (error as { data?: { details?: string[] } }).data?.details ?? [];
      setProblems(details);
      toast({ title: 'Error', description: serverErrorMessage(error, 'Failed to save the settings'), variant: 'destructive' });
    }
  };

  return (
    <div className="site-settings">
      <AdminScreenHeader title="Site Settings" subtitle="The team's name, logo, colour, links and navigation, on every page." onLogout={onLogout} />
      {loaded.isError && <Alert type="error" showIcon title={serverErrorMessage(loaded.error, 'Failed to load the settings')} />}
      {!draft ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <Card title="Team" role="region" aria-label="Team">
            <Field label="Team name" id="team-name">
              <Input id="team-name" value={draft.teamName} maxLength={MAX_TEAM_NAME_LENGTH} onChange={(event) => set('teamName', event.target.value)} />
            </Field>
            <Field label="Short name" id="short-name" hint="For the installed app's icon label.">
              <Input id="short-name" value={draft.shortName} maxLength={MAX_SHORT_NAME_LENGTH} onChange={(event) => set('shortName', event.target.value)} />
            </Field>
            <Field label="Tagline" id="tagline" hint="Under the name on the home page when the hero section has no text, and on the share card.">
              <Input.TextArea id="tagline" value={draft.tagline} maxLength={MAX_TAGLINE_LENGTH} autoSize onChange={(event) => set('tagline', event.target.value)} />
            </Field>
            <ImageField label="Logo" id="logo-url" value={draft.logoUrl} onChange={(url) => set('logoUrl', url)} handleAdminError={handleAdminError} />
            <ImageField label="Favicon" id="favicon-url" value={draft.faviconUrl} onChange={(url) => set('faviconUrl', url)} handleAdminError={handleAdminError} />
            <Field
              label="Accent colour"
              id="accent-color"
              hint={accentProblem ? <span role="alert" className="site-settings-problem">{accentProblem}</span> : 'Checked for contrast on the light and the dark theme.'}
            >
              <span className="site-settings-colour">
                <input type="color" aria-label="Pick the accent colour" value={/^#[0-9a-f]{6}$/i.test(draft.accentColor) ? draft.accentColor : '#000000'} onChange={(event) => set('accentColor', event.target.value)} />
                <Input id="accent-color" value={draft.accentColor} maxLength={7} onChange={(event) => set('accentColor', event.target.value.trim())} />
              </span>
            </Field>
            <Field label="Date locale" id="date-locale" hint="How dates are written, such as en-GB (3 March 2026) or en-US (March 3, 2026).">
              <Input id="date-locale" value={draft.dateLocale} maxLength={35} onChange={(event) => set('dateLocale', event.target.value.trim())} />
            </Field>
          </Card>
          <Card title="Links and footer" role="region" aria-label="Links and footer">
            {SOCIAL_NETWORKS.map((network) => (
              <Field key={network} label={SOCIAL_LABELS[network]} id={`social-${network}`}>
                <Input id={`social-${network}`} placeholder="https://…" value={draft.socials[network] ?? ''} onChange={(event) => setSocial(network, event.target.value)} />
              </Field>
            ))}
            <Field label="Footer text" id="footer-text">
              <Input.TextArea id="footer-text" value={draft.footerText} maxLength={MAX_FOOTER_TEXT_LENGTH} autoSize onChange={(event) => set('footerText', event.target.value)} />
            </Field>
          </Card>
          <Card title="Navigation" role="region" aria-label="Navigation">
            <NavigationEditor value={draft.navigation} onChange={(navigation) => set('navigation', navigation)} pages={pages.data ?? []} />
          </Card>
          {problems.length > 0 && (
            <Alert type="error" showIcon title="The settings were not saved" description={<ul>{problems.map((problem) => <li key={problem}>{problem}</li>)}</ul>} />
          )}
          <div className="site-settings-actions">
            <Button type="primary" loading={saving} disabled={Object.keys(changes).length === 0 || accentProblem !== null} onClick={onSave}>
              {saving ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
