import type { UserProfile } from '../../contract/user';
import { formatDate } from '../../lib/dates';
import { OFFER_CHANNELS } from './details';

const offerKey = { email: 'marketingOffersEmail', phone: 'marketingOffersPhone', sms: 'marketingOffersSms' } as const;

export function PersonalDetailsView({ user }: { user: UserProfile }) {
  const address = [user.address1, user.address2, user.addressCity, user.addressPostCode].filter(Boolean);
  return (
    <dl className="details-list" data-testid="personal-details">
      <dt>First name</dt>
      <dd>{user.firstName}</dd>
      <dt>Last name</dt>
      <dd>{user.lastName}</dd>
      <dt>Date of birth</dt>
      <dd>{formatDate(`${user.dateOfBirth}T00:00:00`)}</dd>
      <dt>Email</dt>
      <dd>{user.email}</dd>
      <dt>Phone number</dt>
      <dd>{user.phone}</dd>
      <dt>Address</dt>
      <dd data-testid="personal-details-address">
        {address.length
          ? address.map((line, index) => (
              <span key={index} className="details-list__line">
                {line}
              </span>
            ))
          : 'Not given'}
      </dd>
      {OFFER_CHANNELS.map((channel) => (
        <div key={channel.key} className="details-list__row">
          <dt>{channel.label} offers</dt>
          <dd>{user[offerKey[channel.key]] ? 'Yes' : 'No'}</dd>
        </div>
      ))}
    </dl>
  );
}
