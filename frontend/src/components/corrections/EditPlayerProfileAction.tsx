import { SOCIAL_LABELS, SOCIAL_NETWORKS, type PlayerCard, type PlayerSocials, type SocialNetwork } from '@team/contracts';
import { Button, Input, Modal } from 'antd';
import { useId, useState } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { useUpdatePlayerProfileMutation } from '@/lib/player-cards';
import { useToast } from '@/components/ui/toast';

export interface EditPlayerProfileActionProps {
  player: Pick<PlayerCard, 'id' | 'username' | 'avatarUrl' | 'socials'>;
}

/**
 * Moderators: a player's avatar (an image address: a media library file or an http(s) one) and
 * links elsewhere (PlayerProfileEdited). The profile loads it lazily for a stored moderator (or
 * owner) key, so visitors never download it.
 */
export default function EditPlayerProfileAction({ player }: EditPlayerProfileActionProps) {
  const { toast } = useToast();
  const id = useId();
  const [update, { isLoading }] = useUpdatePlayerProfileMutation();
  const [open, setOpen] = useState(false);
  const [avatarUrl, setAvatarUrl] = useState('');
  const [links, setLinks] = useState<Record<SocialNetwork, string>>(() => blankLinks(player.socials));

  const start = () => {
    setAvatarUrl(player.avatarUrl ?? '');
    setLinks(blankLinks(player.socials));
    setOpen(true);
  };

  const submit = async () => {
    const socials: PlayerSocials = {};
    for (const network of SOCIAL_NETWORKS) if (links[network].trim() !== '') socials[network] = links[network].trim();
    try {
      await update({ playerId: player.id, avatarUrl: avatarUrl.trim() === '' ? null : avatarUrl.trim(), socials }).unwrap();
      toast({ title: 'Success', description: `Profile of ${player.username} saved` });
      setOpen(false);
    } catch (failure) {
      toast({ title: 'Error', description: serverErrorMessage(failure, 'Failed to save the profile'), variant: 'destructive' });
    }
  };

  return (
    <>
      <Button size="small" onClick={start}>
        Edit profile
      </Button>
      <Modal
        open={open}
        title={`Profile of ${player.username}`}
        okText="Save profile"
        okButtonProps={{ loading: isLoading }}
        onOk={submit}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>The avatar and links show on the player&apos;s profile and on roster cards naming the player. Leave a field empty for none.</p>
        <div className="admin-fields">
          <div className="admin-field">
            <label htmlFor={`${id}-avatar`}>Avatar image URL</label>
            <Input id={`${id}-avatar`} value={avatarUrl} onChange={(event) => setAvatarUrl(event.target.value)} placeholder="https://example.com/avatar.png or /media/…" />
          </div>
          {SOCIAL_NETWORKS.map((network) => (
            <div className="admin-field" key={network}>
              <label htmlFor={`${id}-${network}`}>{SOCIAL_LABELS[network]}</label>
              <Input
                id={`${id}-${network}`}
                value={links[network]}
                onChange={(event) => setLinks((current) => ({ ...current, [network]: event.target.value }))}
                placeholder="https://…"
              />
            </div>
          ))}
        </div>
      </Modal>
    </>
  );
}

function blankLinks(socials: PlayerSocials): Record<SocialNetwork, string> {
  return Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, socials[network] ?? ''])) as Record<SocialNetwork, string>;
}
