import { isSafeUrl, videoEmbed } from '@team/contracts';

const UNEMBEDDABLE_TEXT = 'Unable to embed video. Watch here.';

/** A stream or a VOD, by the video blocks' embed rules (contracts/src/urls): inline when they allow it, else a link. */
export function StreamEmbed({ url, title }: { url: string; title: string }) {
  const embed = videoEmbed(url, window.location.hostname);
  if (embed?.kind === 'iframe') {
    return (
      <div className="video-frame">
        <iframe
          src={embed.src}
          title={title}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  if (embed?.kind === 'file') return <video className="video-file" src={embed.src} controls preload="metadata" title={title} />;
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
