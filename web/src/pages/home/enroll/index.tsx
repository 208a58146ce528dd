import { PublicEmpty } from '../PublicEmpty';

export default function Page() {
  return <PublicEmpty titleKey="route.enroll" emptyKey="home.enrollEmpty" />;
}
