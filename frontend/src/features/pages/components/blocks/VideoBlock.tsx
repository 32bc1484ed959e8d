import { isSafeUrl, videoEmbed } from '@team/contracts';

const UNEMBEDDABLE_TEXT = 'Unable to embed video. Watch here.';

/** YouTube, Twitch and direct .mp4/.webm/.ogg play inline; anything else links out (docs/product.md#validation). */
export function VideoBlock({ url, title }: { url: string; title: string | null }) {
  const embed = videoEmbed(url, window.location.hostname);

  if (embed?.kind === 'iframe') {
    return (
      <div className="video-frame">
        <iframe
          src={embed.src}
          title={title || 'Embedded video'}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }

  if (embed?.kind === 'file') {
    return <video className="video-file" src={embed.src} controls preload="metadata" title={title ?? undefined} />;
  }

  // The whole sentence is the link, so it reads and matches as one piece of text.
  return (
    <p className="video-unembeddable">
      {isSafeUrl(url) ? (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {UNEMBEDDABLE_TEXT}
        </a>
      ) : (
        UNEMBEDDABLE_TEXT
      )}
    </p>
  );
}
