import { useParams } from 'react-router-dom';
import { ThemedAntd } from '@/components/ui/ThemedAntd';
import { DynamicPage } from '@/features/pages/components/DynamicPage';

export default function DynamicPageRoute() {
  const { slug = '' } = useParams();
  // A key per slug: moving between pages starts from "Loading..." again.
  // Button blocks are antd buttons: they take the brand and dark/light theme from here.
  return (
    <ThemedAntd>
      <DynamicPage key={slug} slug={slug} />
    </ThemedAntd>
  );
}
