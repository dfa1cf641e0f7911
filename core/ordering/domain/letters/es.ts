import { STORE_NAME } from './store-name';
import { LetterWords } from './words';

/** Spanish as online stores write it to their customers: tú, and a colon after the greeting. */
export const SPANISH: LetterWords = {
  locale: 'es',
  hello: (name) => `Hola, ${name}:`,
  helloWhoever: 'Hola:',
  needHelp: ['¿Necesitas ayuda? Escríbenos a ', '.'],
  free: 'Gratis',
  total: 'Total',
  line: (title, price) => `${title}: ${price}`,
  inCairoTime: (when) => `${when} (hora de El Cairo)`,
  reference: (reference) => `Referencia: ${reference}`,
  amount: (amount) => `Importe: ${amount}`,
  payAt: (where) => `Dónde pagar: ${where}`,
  places: { kiosk: 'quiosco Aman o Masary' },
  payBefore: (when) => `Paga antes de: ${when}`,
  refunded: (amount) => `Reembolsado: ${amount}`,
  coupon: (code, amount) => `Cupón ${code}: -${amount}`,
  reason: (reason) => `Motivo: ${reason}`,
  noLongerDownloadable: (title) => `${title} (ya no se puede descargar)`,
  copyAddress: (link) => `O copia esta dirección en tu navegador: ${link}`,

  subjects: {
    confirmed: (number) => `${STORE_NAME}: pedido ${number} confirmado`,
    delivered: (number) => `${STORE_NAME}: pedido ${number} entregado`,
    copiesReady: (number) => `${STORE_NAME}: tus copias del pedido ${number} están listas`,
    payAt: (number) => `${STORE_NAME}: cómo pagar el pedido ${number}`,
    reminder: (number) => `${STORE_NAME}: el pedido ${number} sigue esperando tu pago`,
    refunded: (number, wholly) => `${STORE_NAME}: pedido ${number} ${wholly ? 'reembolsado' : 'reembolsado en parte'}`,
    transferRejected: (number) => `${STORE_NAME}: no se aceptó la transferencia del pedido ${number}`,
    library: `${STORE_NAME}: tu biblioteca`,
    reset: `${STORE_NAME}: restablece tu contraseña`,
  },

  openings: {
    confirmed: (number) => [`Gracias por tu compra en ${STORE_NAME}. Hemos recibido el pago del pedido `, number, '.'],
    delivered: (number) => ['Tu pedido ', number, ` en ${STORE_NAME} ya está entregado.`],
    copiesReady: (number) => ['Tus propias copias de los archivos del pedido ', number, ', hechas para esta dirección de correo, ya están listas.'],
    payAt: (reference) => ['Tu pedido está esperando el pago. Paga con la referencia ', reference, ' y los datos que verás a continuación.'],
    reminder: (reference) => ['La referencia ', reference, ' vence pronto; después, el pedido se cancelará.'],
    refunded: (amount, number) => ['Te hemos reembolsado ', amount, ` del pedido ${number}.`],
    transferRejected: (number) => [
      'No hemos podido aceptar la transferencia del pedido ',
      number,
      ', así que el pedido se ha cancelado. Si hiciste la transferencia, responde a este correo con tu comprobante y lo resolveremos.',
    ],
  },

  where: {
    copiesComing: (inLibrary) =>
      `Estamos preparando tus propias copias, con tu dirección de correo en ellas: otro correo te avisará cuando estén listas${inLibrary ? ' en tu biblioteca. Este enlace la abre una sola vez, en un plazo de 7 días' : ' en la sección Pedidos de tu perfil'}`,
    downloadsInLibrary: (delivered) =>
      delivered
        ? 'Tus descargas están listas en tu biblioteca. Este enlace la abre una sola vez, en un plazo de 7 días'
        : 'Tus descargas aparecerán en tu biblioteca en cuanto se entregue el pedido. Este enlace la abre una sola vez, en un plazo de 7 días',
    downloadsInProfile: (delivered) =>
      delivered
        ? 'Tus descargas están listas en la sección Pedidos de tu perfil'
        : 'Tus descargas aparecerán en la sección Pedidos de tu perfil en cuanto se entregue el pedido',
    orderInProfile: 'Tu pedido está en la sección Pedidos de tu perfil',
    copiesInLibrary: 'Descárgalas o léelas en tu biblioteca',
    copiesInProfile: 'Descárgalas o léelas en la sección Pedidos de tu perfil',
    referenceInProfile: 'El pedido y su referencia están en la sección Pedidos de tu perfil',
  },

  library: {
    asked: `Alguien ha pedido un enlace a las compras en ${STORE_NAME} hechas con esta dirección de correo.`,
    openWithin: (days) => `Abre este enlace en un plazo de ${days} para verlas. Funciona una sola vez:`,
    days: (count) => (count === 1 ? '1 día' : `${count} días`),
    notYou: 'Si no lo has pedido tú, ignora este correo.',
    open: 'Abrir tu biblioteca',
  },

  reset: {
    asked: `Alguien ha pedido restablecer la contraseña de la cuenta de ${STORE_NAME} con esta dirección de correo.`,
    openWithin: (minutes) => `Para elegir una contraseña nueva, abre este enlace en un plazo de ${minutes}. Funciona una sola vez:`,
    minutes: (count) => (count === 1 ? '1 minuto' : `${count} minutos`),
    notYou: 'Si no lo has pedido tú, ignora este correo: tu contraseña seguirá siendo la misma.',
    open: 'Restablecer tu contraseña',
  },
};
