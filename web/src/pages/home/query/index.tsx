import { PublicEmpty } from '../PublicEmpty';

export default function Page() {
  return <PublicEmpty titleKey="route.query" emptyKey="home.queryEmpty" />;
}
