/** Payment methods as badges we draw ourselves: no downloaded logos, readable by screen readers. */
const methods = [
  { name: 'Apple Pay', className: 'pay-badge--apple', text: ' Pay' },
  { name: 'Visa', className: 'pay-badge--visa', text: 'VISA' },
  { name: 'Mastercard', className: 'pay-badge--mastercard', text: '' },
  { name: 'Secure card processing', className: 'pay-badge--processor', text: 'SecurePay' },
  { name: 'Google Pay', className: 'pay-badge--google', text: 'G Pay' },
];

export function PaymentBadges() {
  return (
    <ul className="pay-badges" aria-label="Payment methods">
      {methods.map((method) => (
        <li key={method.name}>
          <span className={`pay-badge ${method.className}`} role="img" aria-label={method.name}>
            {method.className === 'pay-badge--mastercard' ? (
              <svg viewBox="0 0 40 24" width="40" height="24" aria-hidden="true" focusable="false">
                <circle cx="15" cy="12" r="9" fill="#eb001b" />
                <circle cx="25" cy="12" r="9" fill="#f79e1b" fillOpacity="0.9" />
              </svg>
            ) : (
              <span aria-hidden="true">{method.text}</span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
