import { useParams } from 'react-router-dom';
import { DynamicPage } from '@/features/pages/components/DynamicPage';

export default function DynamicPageRoute() {
  const { slug = '' } = useParams();
  // A key per slug: moving between pages starts from "Loading..." again.
  return <DynamicPage key={slug} slug={slug} />;
}
