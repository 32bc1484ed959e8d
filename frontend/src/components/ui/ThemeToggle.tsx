import { MoonOutlined } from '@/components/ui/icons/MoonOutlined';
import { SunOutlined } from '@/components/ui/icons/SunOutlined';
import { useTheme } from '@/lib/theme';
import { PlainButton } from './PlainButton';

/** Dark/light switch of every layout. */
export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  return (
    <PlainButton
      variant="text"
      className="plain-button-icon"
      aria-label="Toggle theme"
      title={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
      onClick={toggleTheme}
    >
      {theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
    </PlainButton>
  );
}
