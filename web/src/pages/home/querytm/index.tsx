import { PublicEmpty } from '../PublicEmpty';

export default function Page() {
  return <PublicEmpty titleKey="route.querytm" emptyKey="home.querytmEmpty" />;
}
