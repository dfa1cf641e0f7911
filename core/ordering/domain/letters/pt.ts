import { STORE_NAME } from './store-name';
import { LetterWords } from './words';

export const PORTUGUESE: LetterWords = {
  locale: 'pt-BR',
  hello: (name) => `Olá, ${name},`,
  helloWhoever: 'Olá,',
  needHelp: ['Precisa de ajuda? Escreva para ', '.'],
  free: 'Grátis',
  total: 'Total',
  line: (title, price) => `${title}: ${price}`,
  inCairoTime: (when) => `${when} (horário do Cairo)`,
  reference: (reference) => `Referência: ${reference}`,
  amount: (amount) => `Valor: ${amount}`,
  payAt: (where) => `Onde pagar: ${where}`,
  places: { kiosk: 'quiosque Aman ou Masary' },
  payBefore: (when) => `Pague até: ${when}`,
  refunded: (amount) => `Reembolsado: ${amount}`,
  coupon: (code, amount) => `Cupom ${code}: -${amount}`,
  reason: (reason) => `Motivo: ${reason}`,
  noLongerDownloadable: (title) => `${title} (não está mais disponível para download)`,
  copyAddress: (link) => `Ou copie este endereço no seu navegador: ${link}`,

  subjects: {
    confirmed: (number) => `${STORE_NAME}: pedido ${number} confirmado`,
    delivered: (number) => `${STORE_NAME}: pedido ${number} entregue`,
    copiesReady: (number) => `${STORE_NAME}: suas cópias do pedido ${number} estão prontas`,
    payAt: (number) => `${STORE_NAME}: como pagar o pedido ${number}`,
    reminder: (number) => `${STORE_NAME}: o pedido ${number} ainda aguarda o seu pagamento`,
    refunded: (number, wholly) => `${STORE_NAME}: pedido ${number} ${wholly ? 'reembolsado' : 'reembolsado em parte'}`,
    transferRejected: (number) => `${STORE_NAME}: a transferência do pedido ${number} não foi aceita`,
    library: `${STORE_NAME}: sua biblioteca`,
    reset: `${STORE_NAME}: redefina sua senha`,
  },

  openings: {
    confirmed: (number) => [`Obrigado por comprar na ${STORE_NAME}. Recebemos o pagamento do pedido `, number, '.'],
    delivered: (number) => ['Seu pedido ', number, ` na ${STORE_NAME} foi entregue.`],
    copiesReady: (number) => ['Suas cópias dos arquivos do pedido ', number, ', feitas para este endereço de e-mail, estão prontas.'],
    payAt: (reference) => ['Seu pedido está aguardando o pagamento. Pague com a referência ', reference, ' usando os dados abaixo.'],
    reminder: (reference) => ['A referência ', reference, ' vence em breve; depois disso, o pedido será cancelado.'],
    refunded: (amount, number) => ['Reembolsamos ', amount, ` do pedido ${number}.`],
    transferRejected: (number) => [
      'Não pudemos aceitar a transferência do pedido ',
      number,
      ', por isso o pedido foi cancelado. Se você fez a transferência, responda a este e-mail com o comprovante e resolveremos a situação.',
    ],
  },

  where: {
    copiesComing: (inLibrary) =>
      `Suas cópias, com o seu endereço de e-mail, estão sendo preparadas: outro e-mail avisará quando estiverem prontas${inLibrary ? ' na sua biblioteca. Este link a abre uma única vez, em até 7 dias' : ' na seção Pedidos do seu perfil'}`,
    downloadsInLibrary: (delivered) =>
      delivered
        ? 'Seus downloads estão prontos na sua biblioteca. Este link a abre uma única vez, em até 7 dias'
        : 'Seus downloads aparecerão na sua biblioteca assim que o pedido for entregue. Este link a abre uma única vez, em até 7 dias',
    downloadsInProfile: (delivered) =>
      delivered
        ? 'Seus downloads estão prontos na seção Pedidos do seu perfil'
        : 'Seus downloads aparecerão na seção Pedidos do seu perfil assim que o pedido for entregue',
    orderInProfile: 'Seu pedido está na seção Pedidos do seu perfil',
    copiesInLibrary: 'Baixe ou leia as cópias na sua biblioteca',
    copiesInProfile: 'Baixe ou leia as cópias na seção Pedidos do seu perfil',
    referenceInProfile: 'O pedido e a referência estão na seção Pedidos do seu perfil',
  },

  library: {
    asked: `Alguém pediu um link para as compras na ${STORE_NAME} feitas com este endereço de e-mail.`,
    openWithin: (days) => `Abra este link em até ${days} para vê-las. Ele funciona uma única vez:`,
    days: (count) => (count === 1 ? '1 dia' : `${count} dias`),
    notYou: 'Se não foi você que pediu, ignore este e-mail.',
    open: 'Abrir sua biblioteca',
  },

  reset: {
    asked: `Alguém pediu para redefinir a senha da conta da ${STORE_NAME} com este endereço de e-mail.`,
    openWithin: (minutes) => `Para escolher uma nova senha, abra este link em até ${minutes}. Ele funciona uma única vez:`,
    minutes: (count) => (count === 1 ? '1 minuto' : `${count} minutos`),
    notYou: 'Se não foi você que pediu, ignore este e-mail: sua senha continua a mesma.',
    open: 'Redefinir sua senha',
  },
};
