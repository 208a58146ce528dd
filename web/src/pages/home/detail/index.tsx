import { PublicEmpty } from '../PublicEmpty';

export default function Page() {
  return <PublicEmpty titleKey="route.detail" emptyKey="home.detailEmpty" />;
}
